// Which capability each MCP method needs, and who must have declared it, so undeclared use can be spotted.
import type { ProtocolVersion } from '../mcp-versions.js';
import { isPlainObject } from '../jsonrpc.js';
import type { Side } from './lint-types.js';
import { versionIndex } from './mcp-methods.js';

interface CapabilityGate {
  /** The side whose declared capabilities must include `path`. */
  holder: Side;
  path: readonly string[];
  since?: ProtocolVersion;
  /** In 2026-07-28 the gate moved elsewhere (listen filters, per-request log level). */
  legacyOnly?: true;
}

const CAPABILITY_GATES = {
  'tools/list': { holder: 'server', path: ['tools'] }, // a server with tools declares `tools`
  'tools/call': { holder: 'server', path: ['tools'] },
  'prompts/list': { holder: 'server', path: ['prompts'] }, // a server with prompts declares `prompts`
  'prompts/get': { holder: 'server', path: ['prompts'] },
  'resources/list': { holder: 'server', path: ['resources'] }, // a server with resources declares `resources`
  'resources/templates/list': { holder: 'server', path: ['resources'] },
  'resources/read': { holder: 'server', path: ['resources'] },
  'resources/subscribe': { holder: 'server', path: ['resources', 'subscribe'] }, // subscriptions are opt-in
  'resources/unsubscribe': { holder: 'server', path: ['resources', 'subscribe'] },
  'logging/setLevel': { holder: 'server', path: ['logging'] }, // a server that logs declares `logging`
  'completion/complete': { holder: 'server', path: ['completions'], since: '2025-03-26' }, // ungated in 2024-11-05
  'sampling/createMessage': { holder: 'client', path: ['sampling'] }, // the client must offer an LLM
  'roots/list': { holder: 'client', path: ['roots'] }, // the client must expose roots
  'elicitation/create': { holder: 'client', path: ['elicitation'] }, // URL mode needs elicitation.url (see below)
  'notifications/roots/list_changed': { holder: 'client', path: ['roots', 'listChanged'] },
  'notifications/tools/list_changed': { holder: 'server', path: ['tools', 'listChanged'], legacyOnly: true },
  'notifications/prompts/list_changed': { holder: 'server', path: ['prompts', 'listChanged'], legacyOnly: true },
  'notifications/resources/list_changed': { holder: 'server', path: ['resources', 'listChanged'], legacyOnly: true },
  'notifications/resources/updated': { holder: 'server', path: ['resources', 'subscribe'], legacyOnly: true },
  'notifications/message': { holder: 'server', path: ['logging'], legacyOnly: true },
  'notifications/elicitation/complete': { holder: 'client', path: ['elicitation', 'url'] },
} as const satisfies Record<string, CapabilityGate>;

const gates = new Map<string, CapabilityGate>(Object.entries(CAPABILITY_GATES));

function declared(caps: Record<string, unknown>, path: readonly string[]): boolean {
  let at: unknown = caps;
  for (const key of path) {
    if (!isPlainObject(at) || !(key in at)) return false;
    at = at[key];
  }
  return at !== undefined && at !== null && at !== false;
}

export interface KnownCapabilities {
  client: Record<string, unknown> | null;
  server: Record<string, unknown> | null;
}

/** The gate `method` has in `version`, or undefined: ungated, gated only in 2026's predecessors, or not yet gated. */
function gateIn(method: string, version: ProtocolVersion): CapabilityGate | undefined {
  const gate = gates.get(method);
  if (!gate) return undefined;
  if (gate.legacyOnly && version === '2026-07-28') return undefined;
  if (gate.since && versionIndex(version) < versionIndex(gate.since)) return undefined;
  return gate;
}

/** The missing capability as "holder: a.b", or null when it was declared or the holder's capabilities are unknown. */
export function missingCapability(method: string, params: unknown, version: ProtocolVersion, caps: KnownCapabilities): string | null {
  const gate = gateIn(method, version);
  const held = gate && caps[gate.holder];
  if (!gate || !held) return null;
  // URL-mode elicitation is a separate opt-in from form mode (2025-11-25).
  const urlMode = method === 'elicitation/create' && isPlainObject(params) && params.mode === 'url';
  const path = urlMode ? ['elicitation', 'url'] : gate.path;
  return declared(held, path) ? null : `${gate.holder} capability "${path.join('.')}"`;
}

/** The capability `method` belongs to when its holder (`answerer`) declared it, as "server capability \"tools\"", else null. */
export function declaredCapability(method: string, answerer: Side, version: ProtocolVersion, caps: KnownCapabilities): string | null {
  const gate = gateIn(method, version);
  const held = gate?.holder === answerer ? caps[gate.holder] : null;
  return gate && held && declared(held, gate.path) ? `${gate.holder} capability "${gate.path.join('.')}"` : null;
}
