// Writes profiles as a Claude Desktop, Cursor or VS Code config file; secrets become placeholders unless asked for.
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

const slug = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'x';

/** Turns a header or env name into an env var name for mcp-remote's `--header Name:${VAR}`. */
const envName = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();

class SecretWriter {
  readonly inputs: VsInput[] = [];
  constructor(
    private readonly flavor: ConfigFlavor,
    private readonly include: boolean,
  ) {}

  value(profile: string, key: string, value: string, secret: boolean): string {
    if (!secret || this.include) return value;
    if (this.flavor === 'vscode') {
      const id = `${slug(profile)}-${slug(key)}`;
      if (!this.inputs.some((i) => i.id === id)) this.inputs.push({ type: 'promptString', id, description: `${key} for ${profile}`, password: true });
      return `\${input:${id}}`;
    }
    // Cursor reads ${env:NAME} from its own environment; Claude Desktop has no variables at all.
    return this.flavor === 'cursor' ? `\${env:${envName(key)}}` : `<${envName(key)}>`;
  }
}

function stdioEntry(p: ProfileInput, t: StdioTarget, s: SecretWriter, flavor: ConfigFlavor, warn: (m: string) => void) {
  const env = Object.fromEntries(Object.entries(t.env).map(([k, v]) => [k, s.value(p.name, k, v, p.secretEnv.includes(k))]));
  const entry: Record<string, unknown> = flavor === 'vscode' ? { type: 'stdio' } : {};
  Object.assign(entry, { command: t.command, args: t.args });
  if (Object.keys(env).length > 0) entry.env = env;
  if (t.cwd !== undefined) {
    if (flavor === 'vscode') entry.cwd = t.cwd;
    else warn(`${p.name}: ${flavor} has no working-directory setting; cwd ${t.cwd} was left out`);
  }
  return entry;
}

function remoteEntry(p: ProfileInput, t: RemoteTarget, s: SecretWriter, flavor: ConfigFlavor, warn: (m: string) => void) {
  if (t.transport === 'ws') {
    warn(`${p.name}: ${flavor} cannot connect over WebSocket; left out`);
    return null;
  }
  const secretHeader = (k: string) => p.secretHeaders.some((h) => h.toLowerCase() === k.toLowerCase());
  if (flavor === 'claude-desktop') {
    // Claude Desktop runs stdio servers only; mcp-remote is the usual bridge, headers passed through env vars.
    const args = ['-y', 'mcp-remote', t.url];
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(t.headers)) {
      const name = `MCP_HEADER_${envName(k)}`;
      args.push('--header', `${k}:\${${name}}`);
      env[name] = s.value(p.name, k, v, secretHeader(k));
    }
    if (t.transport === 'sse') args.push('--transport', 'sse-only');
    return { command: 'npx', args, ...(Object.keys(env).length > 0 ? { env } : {}) };
  }
  const headers = Object.fromEntries(Object.entries(t.headers).map(([k, v]) => [k, s.value(p.name, k, v, secretHeader(k))]));
  const entry: Record<string, unknown> = flavor === 'vscode' ? { type: t.transport === 'sse' ? 'sse' : 'http', url: t.url } : { url: t.url };
  if (Object.keys(headers).length > 0) entry.headers = headers;
  return entry;
}

/** Profiles as one config file; names collide-proofed with a numeric suffix. */
export function formatMcpConfig(profiles: readonly ProfileInput[], flavor: ConfigFlavor, opts: FormatOptions = {}): FormattedMcpConfig {
  const warnings: string[] = [];
  const warn = (m: string) => warnings.push(m);
  const secrets = new SecretWriter(flavor, opts.includeSecrets === true);
  const servers: Record<string, unknown> = {};
  for (const p of profiles) {
    const entry = p.target.transport === 'stdio' ? stdioEntry(p, p.target, secrets, flavor, warn) : remoteEntry(p, p.target, secrets, flavor, warn);
    if (!entry) continue;
    let name = p.name;
    for (let i = 2; name in servers; i++) name = `${p.name} ${i}`;
    servers[name] = entry;
  }
  const root =
    flavor === 'vscode' ? { ...(secrets.inputs.length > 0 ? { inputs: secrets.inputs } : {}), servers } : { mcpServers: servers };
  return { text: `${JSON.stringify(root, null, 2)}\n`, warnings };
}
