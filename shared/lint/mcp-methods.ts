// Which MCP methods exist in which protocol version, and who sends them (from the spec schemas of each version).
import { PROTOCOL_VERSIONS, type ProtocolVersion } from '../mcp-versions.js';
import type { Side } from './lint-types.js';

export interface MethodSpec {
  type: 'request' | 'notification';
  /** Who may send it (in 2024-11-05 … 2025-11-25). */
  from: readonly Side[];
  since: ProtocolVersion;
  /** The last version that has it; open-ended when absent. */
  until?: ProtocolVersion;
  /** Who may send it in 2026-07-28, when that differs. */
  modernFrom?: readonly Side[];
  /** Moved from the core spec into an extension in 2026-07-28, where the linter cannot judge it. */
  extensionIn2026?: true;
}

const C = ['client'] as const;
const S = ['server'] as const;
const B = ['client', 'server'] as const;
const LAST_LEGACY = '2025-11-25';

const MCP_METHODS = {
  initialize: { type: 'request', from: C, since: '2024-11-05', until: LAST_LEGACY }, // the legacy handshake
  ping: { type: 'request', from: B, since: '2024-11-05', until: LAST_LEGACY }, // liveness check; removed in 2026
  'server/discover': { type: 'request', from: C, since: '2026-07-28' }, // 2026: versions and capabilities without a handshake
  'subscriptions/listen': { type: 'request', from: C, since: '2026-07-28' }, // 2026: long-lived stream of list_changed / updated
  'tools/list': { type: 'request', from: C, since: '2024-11-05' }, // paginated tool catalogue
  'tools/call': { type: 'request', from: C, since: '2024-11-05' }, // run a tool
  'prompts/list': { type: 'request', from: C, since: '2024-11-05' }, // paginated prompt catalogue
  'prompts/get': { type: 'request', from: C, since: '2024-11-05' }, // render a prompt
  'resources/list': { type: 'request', from: C, since: '2024-11-05' }, // paginated resource catalogue
  'resources/templates/list': { type: 'request', from: C, since: '2024-11-05' }, // URI templates
  'resources/read': { type: 'request', from: C, since: '2024-11-05' }, // read one resource
  'resources/subscribe': { type: 'request', from: C, since: '2024-11-05', until: LAST_LEGACY }, // replaced by subscriptions/listen
  'resources/unsubscribe': { type: 'request', from: C, since: '2024-11-05', until: LAST_LEGACY }, // replaced by subscriptions/listen
  'logging/setLevel': { type: 'request', from: C, since: '2024-11-05', until: LAST_LEGACY }, // 2026: _meta logLevel per request
  'completion/complete': { type: 'request', from: C, since: '2024-11-05' }, // argument completion
  'sampling/createMessage': { type: 'request', from: S, since: '2024-11-05', until: LAST_LEGACY }, // 2026: an input request inside a result
  'roots/list': { type: 'request', from: S, since: '2024-11-05', until: LAST_LEGACY }, // 2026: an input request inside a result
  'elicitation/create': { type: 'request', from: S, since: '2025-06-18', until: LAST_LEGACY }, // 2026: an input request inside a result
  'tasks/get': { type: 'request', from: B, since: '2025-11-25', extensionIn2026: true }, // experimental tasks
  'tasks/result': { type: 'request', from: B, since: '2025-11-25', extensionIn2026: true }, // experimental tasks
  'tasks/list': { type: 'request', from: B, since: '2025-11-25', extensionIn2026: true }, // experimental tasks
  'tasks/cancel': { type: 'request', from: B, since: '2025-11-25', extensionIn2026: true }, // experimental tasks
  'notifications/initialized': { type: 'notification', from: C, since: '2024-11-05', until: LAST_LEGACY }, // ends the handshake
  'notifications/cancelled': { type: 'notification', from: B, since: '2024-11-05' }, // 2026: servers send it only to end a listen stream
  'notifications/progress': { type: 'notification', from: B, since: '2024-11-05', modernFrom: S }, // progress of a request
  'notifications/message': { type: 'notification', from: S, since: '2024-11-05' }, // log message (deprecated in 2026)
  'notifications/roots/list_changed': { type: 'notification', from: C, since: '2024-11-05', until: LAST_LEGACY }, // client roots changed
  'notifications/resources/updated': { type: 'notification', from: S, since: '2024-11-05' }, // a subscribed resource changed
  'notifications/resources/list_changed': { type: 'notification', from: S, since: '2024-11-05' }, // resource list changed
  'notifications/tools/list_changed': { type: 'notification', from: S, since: '2024-11-05' }, // tool list changed
  'notifications/prompts/list_changed': { type: 'notification', from: S, since: '2024-11-05' }, // prompt list changed
  'notifications/elicitation/complete': { type: 'notification', from: S, since: '2025-11-25', until: LAST_LEGACY }, // URL elicitation finished
  'notifications/tasks/status': { type: 'notification', from: B, since: '2025-11-25', extensionIn2026: true }, // task status changed
  'notifications/subscriptions/acknowledged': { type: 'notification', from: S, since: '2026-07-28' }, // 2026: a listen stream is open
} as const satisfies Record<string, MethodSpec>;

const methods = new Map<string, MethodSpec>(Object.entries(MCP_METHODS));

export function versionIndex(v: ProtocolVersion): number {
  return PROTOCOL_VERSIONS.indexOf(v);
}

function versionsOf(spec: MethodSpec): ProtocolVersion[] {
  const lo = versionIndex(spec.since);
  const hi = spec.until ? versionIndex(spec.until) : PROTOCOL_VERSIONS.length - 1;
  return PROTOCOL_VERSIONS.filter((_, i) => i >= lo && i <= hi);
}

export type MethodVerdict =
  | { verdict: 'ok' | 'unknown' | 'extension' }
  | { verdict: 'version'; definedIn: ProtocolVersion[] }
  | { verdict: 'direction'; from: readonly Side[] }
  | { verdict: 'type'; type: MethodSpec['type'] };

export function checkMethod(method: string, sender: Side, type: MethodSpec['type'], version: ProtocolVersion): MethodVerdict {
  const spec = methods.get(method);
  if (!spec) return { verdict: 'unknown' };
  const modern = version === '2026-07-28';
  if (modern && spec.extensionIn2026) return { verdict: 'extension' };
  // Compared by index: this runs for every message the page and the relay lint, so no list is built unless it is reported.
  const at = versionIndex(version);
  if (at < versionIndex(spec.since) || (spec.until !== undefined && at > versionIndex(spec.until))) return { verdict: 'version', definedIn: versionsOf(spec) };
  if (spec.type !== type) return { verdict: 'type', type: spec.type };
  const from = modern && spec.modernFrom ? spec.modernFrom : spec.from;
  if (!from.includes(sender)) return { verdict: 'direction', from };
  return { verdict: 'ok' };
}

/** The prefixes MCP's own methods use (`tools/`, `notifications/`…), read off the catalogue above. */
const MCP_PREFIXES = new Set([...methods.keys()].filter((m) => m.includes('/')).map((m) => m.slice(0, m.indexOf('/') + 1)));

/** The MCP prefix an unknown method squats (`notifications/` for `notifications/custom_thing`), or null. */
export function mcpPrefixOf(method: string): string | null {
  const slash = method.indexOf('/');
  const prefix = slash > 0 ? method.slice(0, slash + 1) : '';
  return MCP_PREFIXES.has(prefix) ? prefix : null;
}

/** "2024-11-05 … 2025-11-25" or a single version, for messages. */
export function describeVersions(vs: readonly ProtocolVersion[]): string {
  if (vs.length === 0) return 'no version';
  return vs.length === 1 ? vs[0]! : `${vs[0]} … ${vs[vs.length - 1]}`;
}
