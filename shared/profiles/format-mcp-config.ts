// Writes profiles as a Claude Desktop, Cursor or VS Code config file; secrets become the client's variables unless asked for.
// Threat: a config file shared with a colleague or pasted in an issue carrying the API key it was exported from. Which
// parts are secret is decided by shared/redaction/target-secrets.ts, as for every other export.
import { maskTarget, type SecretPlace } from '../redaction/target-secrets.js';
import type { RemoteTarget, StdioTarget } from '../relay-protocol.js';
import type { ProfileInput } from './profile.js';

export const CONFIG_FLAVORS = ['claude-desktop', 'cursor', 'vscode'] as const;
export type ConfigFlavor = (typeof CONFIG_FLAVORS)[number];

/** The file each client reads, for the download's name. */
export const CONFIG_FILE_NAMES: Record<ConfigFlavor, string> = {
  'claude-desktop': 'claude_desktop_config.json',
  cursor: 'mcp.json',
  vscode: 'mcp.json',
};

export interface FormatOptions {
  /** Write secret values as they are; otherwise each becomes the client's own variable syntax or a placeholder. */
  includeSecrets?: boolean;
}

export interface FormattedMcpConfig {
  text: string;
  warnings: string[];
}

interface VsInput {
  type: 'promptString';
  id: string;
  description: string;
  password: true;
}

const slug = (s: string) =>
  s
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'x';

/** Turns a header or env name into an env var name for mcp-remote's `--header Name:${VAR}`. */
const envName = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();

/** The name a variable for this secret gets: the env var's or header's own, the flag's (`--api-key` → api-key). */
function keyOf(place: SecretPlace): string {
  switch (place.kind) {
    case 'env':
    case 'header':
    case 'query':
    case 'auth':
      return place.name;
    case 'arg':
      return place.flag.replace(/^-+/, '');
    case 'url-password':
      return 'url-password';
  }
}

/** Which secret a place is, so two secrets of one profile never share a variable (env API_KEY and `--api-key V`). */
function idOf(place: SecretPlace): string {
  return place.kind === 'arg' ? `arg.${place.index}` : place.kind === 'url-password' ? 'url-password' : `${place.kind}.${place.name}`;
}

/** Turns each secret into the client's own variable syntax: `${input:…}` (VS Code), `${env:…}` (Cursor), `<NAME>`. */
class SecretWriter {
  readonly inputs: VsInput[] = [];
  /** `profile\0NAME` → the place that has that variable. */
  private readonly taken = new Map<string, string>();
  constructor(private readonly flavor: ConfigFlavor) {}

  variable(profile: string, place: SecretPlace): string {
    let key = keyOf(place);
    for (let n = 2; ; n++) {
      const owner = this.taken.get(`${profile}\0${envName(key)}`);
      if (owner === undefined || owner === idOf(place)) break;
      key = `${keyOf(place)}-${n}`;
    }
    this.taken.set(`${profile}\0${envName(key)}`, idOf(place));
    if (this.flavor === 'vscode') {
      const id = `${slug(profile)}-${slug(key)}`;
      if (!this.inputs.some((i) => i.id === id)) this.inputs.push({ type: 'promptString', id, description: `${key} for ${profile}`, password: true });
      return `\${input:${id}}`;
    }
    // Cursor reads ${env:NAME} from its own environment; Claude Desktop has no variables at all.
    return this.flavor === 'cursor' ? `\${env:${envName(key)}}` : `<${envName(key)}>`;
  }
}

/** The profile with its secrets as variables (unless they are to be included), and a warning for each one only its shape gave away. */
function withVariables(p: ProfileInput, s: SecretWriter | null, warn: (m: string) => void): ProfileInput {
  if (s === null || p.target.transport === 'ws') return p;
  const masked = maskTarget(p.target, (place) => s.variable(p.name, place), { secretEnv: p.secretEnv, secretHeaders: p.secretHeaders });
  for (const where of masked.shapes) warn(`${p.name}: ${where} looked like a credential and was written as [REDACTED]; put it back by hand`);
  return { ...p, target: masked.target };
}

function stdioEntry(p: ProfileInput, t: StdioTarget, flavor: ConfigFlavor, warn: (m: string) => void) {
  const entry: Record<string, unknown> = flavor === 'vscode' ? { type: 'stdio' } : {};
  Object.assign(entry, { command: t.command, args: t.args });
  if (Object.keys(t.env).length > 0) entry.env = t.env;
  if (t.cwd !== undefined) {
    if (flavor === 'vscode') entry.cwd = t.cwd;
    else warn(`${p.name}: ${flavor} has no working-directory setting; cwd ${t.cwd} was left out`);
  }
  return entry;
}

function remoteEntry(p: ProfileInput, t: RemoteTarget, flavor: ConfigFlavor, warn: (m: string) => void) {
  if (t.transport === 'ws') {
    warn(`${p.name}: ${flavor} cannot connect over WebSocket; left out`);
    return null;
  }
  if (flavor === 'claude-desktop') {
    // Claude Desktop runs stdio servers only; mcp-remote is the usual bridge, headers passed through env vars.
    const args = ['-y', 'mcp-remote', t.url];
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(t.headers)) {
      const name = `MCP_HEADER_${envName(k)}`;
      args.push('--header', `${k}:\${${name}}`);
      env[name] = v;
    }
    if (t.transport === 'sse') args.push('--transport', 'sse-only');
    return { command: 'npx', args, ...(Object.keys(env).length > 0 ? { env } : {}) };
  }
  const entry: Record<string, unknown> = flavor === 'vscode' ? { type: t.transport === 'sse' ? 'sse' : 'http', url: t.url } : { url: t.url };
  if (Object.keys(t.headers).length > 0) entry.headers = t.headers;
  return entry;
}

/** Profiles as one config file; names collide-proofed with a numeric suffix. */
export function formatMcpConfig(profiles: readonly ProfileInput[], flavor: ConfigFlavor, opts: FormatOptions = {}): FormattedMcpConfig {
  const warnings: string[] = [];
  const warn = (m: string) => warnings.push(m);
  const secrets = new SecretWriter(flavor);
  const servers: Record<string, unknown> = {};
  for (const profile of profiles) {
    const p = withVariables(profile, opts.includeSecrets === true ? null : secrets, warn);
    const entry = p.target.transport === 'stdio' ? stdioEntry(p, p.target, flavor, warn) : remoteEntry(p, p.target, flavor, warn);
    if (!entry) continue;
    let name = p.name;
    for (let i = 2; name in servers; i++) name = `${p.name} ${i}`;
    servers[name] = entry;
  }
  const root = flavor === 'vscode' ? { ...(secrets.inputs.length > 0 ? { inputs: secrets.inputs } : {}), servers } : { mcpServers: servers };
  return { text: `${JSON.stringify(root, null, 2)}\n`, warnings };
}
