// Reads the mcp.json-style files of Claude Desktop, Claude Code, Cursor, Windsurf and VS Code into profile inputs.
import { isPlainObject } from '../jsonrpc.js';
import { DEFAULT_PROTOCOL_VERSION } from '../mcp-versions.js';
import { RecipeTargetSchema, type Target } from '../relay-protocol.js';
import { isSecretName } from '../redaction/secret-patterns.js';
import { parseJsonc } from './jsonc.js';
import type { ProfileInput } from './profile.js';
import { localPathOptions, localPathRefusal } from '../trust/local-path-options.js';

export interface ParsedMcpConfig {
  /** Which top-level key held the servers: `mcpServers` (Claude, Cursor, Windsurf) or `servers` (VS Code). */
  key: 'mcpServers' | 'servers';
  profiles: ProfileInput[];
  /** Entries skipped and values mcpscope cannot resolve (`${input:…}`, `${env:…}`, envFile), one line each. */
  warnings: string[];
}

export class McpConfigError extends Error {}

/** `${input:id}` (VS Code) and `${env:NAME}` (Cursor, VS Code) are resolved by the client, never by mcpscope. */
const VARIABLE = /\$\{(input|env|workspaceFolder|userHome)(?::([^}]*))?\}/;

export function serversOf(root: unknown): { key: ParsedMcpConfig['key']; servers: Record<string, unknown> } {
  if (!isPlainObject(root)) throw new McpConfigError('the file is not a JSON object');
  if (isPlainObject(root.mcpServers)) return { key: 'mcpServers', servers: root.mcpServers };
  if (isPlainObject(root.servers)) return { key: 'servers', servers: root.servers };
  // VS Code's settings.json nests them: { "mcp": { "servers": { … } } }.
  if (isPlainObject(root.mcp) && isPlainObject(root.mcp.servers)) return { key: 'servers', servers: root.mcp.servers };
  throw new McpConfigError('no "mcpServers" or "servers" object in the file');
}

const strings = (v: unknown): Record<string, string> =>
  isPlainObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)])) : {};

function remoteTransport(type: unknown, url: string): Target['transport'] {
  if (/^wss?:/i.test(url)) return 'ws';
  if (type === 'sse') return 'sse';
  if (type === 'http' || type === 'streamable-http' || type === 'streamableHttp') return 'http';
  return 'auto';
}

function entryTarget(name: string, e: Record<string, unknown>, warn: (m: string) => void): Target | null {
  const url = typeof e.url === 'string' ? e.url : typeof e.serverUrl === 'string' ? e.serverUrl : null;
  if (url !== null) return { transport: remoteTransport(e.type, url), url, headers: strings(e.headers) } as Target;
  if (typeof e.command !== 'string' || e.command === '') {
    warn(`${name}: skipped, it has neither "command" nor "url"`);
    return null;
  }
  const args = Array.isArray(e.args) ? e.args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))) : [];
  const target: Target = { transport: 'stdio', command: e.command, args, env: strings(e.env) };
  if (typeof e.cwd === 'string') target.cwd = e.cwd;
  if (typeof e.envFile === 'string') warn(`${name}: envFile ${e.envFile} is not read; add its variables to the profile`);
  return target;
}

function variableWarnings(name: string, target: Target, warn: (m: string) => void): void {
  const values =
    target.transport === 'stdio'
      ? [target.command, ...target.args, ...Object.values(target.env), target.cwd ?? '']
      : [target.url, ...Object.values(target.headers)];
  const seen = new Set<string>();
  for (const v of values) {
    const m = VARIABLE.exec(v);
    if (!m || seen.has(m[0])) continue;
    seen.add(m[0]);
    warn(`${name}: ${m[0]} is resolved by the editor, not by mcpscope; replace it in the profile`);
  }
}

/** One server entry as a profile input, or null (with the reason among the warnings) when it cannot be used. */
export function profileOfEntry(name: string, entry: unknown, warn: (m: string) => void): ProfileInput | null {
  if (!isPlainObject(entry)) {
    warn(`${name}: skipped, not an object`);
    return null;
  }
  // Whatever mcpscope does with such an option, a file may not choose which local file it reads (envFile is never read).
  const paths = localPathOptions(entry, ['envFile']);
  if (paths.length > 0) {
    warn(`${name}: skipped, it ${localPathRefusal(paths)}`);
    return null;
  }
  const raw = entryTarget(name, entry, warn);
  if (!raw) return null;
  const parsed = RecipeTargetSchema.safeParse(raw);
  if (!parsed.success) {
    warn(`${name}: skipped, ${parsed.error.issues.map((i) => `${i.path.join('.') || 'target'}: ${i.message}`).join('; ')}`);
    return null;
  }
  const target = parsed.data;
  variableWarnings(name, target, warn);
  const isInput = (v: string) => /\$\{input:/.test(v);
  return {
    name,
    target,
    protocolVersion: DEFAULT_PROTOCOL_VERSION,
    era: 'auto',
    secretEnv:
      target.transport === 'stdio'
        ? Object.entries(target.env)
            .filter(([k, v]) => isSecretName(k) || isInput(v))
            .map(([k]) => k)
        : [],
    secretHeaders:
      target.transport === 'stdio'
        ? []
        : Object.entries(target.headers)
            .filter(([k, v]) => isSecretName(k) || isInput(v))
            .map(([k]) => k),
  };
}

/** Parses a config file's text (JSONC, a BOM tolerated). Throws McpConfigError when it is not one. */
export function parseConfigRoot(text: string): unknown {
  try {
    return parseJsonc(text);
  } catch (err) {
    throw new McpConfigError(`not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Parses a config file's text. Throws McpConfigError when it is not one; skips (with a warning) entries it cannot use. */
export function parseMcpConfig(text: string): ParsedMcpConfig {
  const { key, servers } = serversOf(parseConfigRoot(text));
  const warnings: string[] = [];
  const profiles: ProfileInput[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    const profile = profileOfEntry(name, entry, (m) => warnings.push(m));
    if (profile) profiles.push(profile);
  }
  return { key, profiles, warnings };
}
