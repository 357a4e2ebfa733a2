import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMcpConfig } from '../../../shared/profiles/format-mcp-config.js';
import { parseJsonc } from '../../../shared/profiles/jsonc.js';
import { McpConfigError, parseMcpConfig } from '../../../shared/profiles/parse-mcp-config.js';
import { SECRET_PLACEHOLDER, maskProfile, unmaskProfile, type Profile } from '../../../shared/profiles/profile.js';

const sample = (name: string) => readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'mcp-configs', name), 'utf8');
const byName = (r: ReturnType<typeof parseMcpConfig>) => Object.fromEntries(r.profiles.map((p) => [p.name, p]));

describe('importing mcp.json-style files', () => {
  it('reads Claude Desktop stdio servers and marks the token env var secret', () => {
    const r = parseMcpConfig(sample('claude_desktop_config.json'));
    expect(r.key).toBe('mcpServers');
    const p = byName(r);
    expect(Object.keys(p)).toEqual(['filesystem', 'github', 'weather']);
    expect(p.filesystem!.target).toEqual({
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/alice/Desktop', '/Users/alice/Downloads'],
      env: {},
    });
    expect(p.github!.secretEnv).toEqual(['GITHUB_PERSONAL_ACCESS_TOKEN']);
    expect(p.weather!.secretEnv).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  it('reads Cursor URL and stdio entries, warns about env references and envFile, and skips an entry without a command', () => {
    const r = parseMcpConfig(sample('cursor-mcp.json'));
    const p = byName(r);
    expect(p.linear!.target).toEqual({ transport: 'auto', url: 'https://mcp.linear.app/sse', headers: {} });
    expect(p['internal-api']!.target).toMatchObject({ transport: 'auto', headers: { Authorization: 'Bearer ${env:INTERNAL_TOKEN}', 'X-Team': 'platform' } });
    expect(p['internal-api']!.secretHeaders).toEqual(['Authorization']);
    expect(p.postgres!.secretEnv).toEqual(['PGPASSWORD']);
    expect(p.broken).toBeUndefined();
    expect(r.warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining('${env:INTERNAL_TOKEN}'),
        expect.stringContaining('envFile .env.mcp'),
        'broken: skipped, it has neither "command" nor "url"',
      ]),
    );
  });

  it('reads VS Code JSONC with comments, trailing commas, inputs and http / sse types', () => {
    const r = parseMcpConfig(sample('vscode-mcp.json'));
    expect(r.key).toBe('servers');
    const p = byName(r);
    expect(p.Perplexity!.target).toMatchObject({ transport: 'stdio', command: 'npx', cwd: '${workspaceFolder}' });
    expect(p.Perplexity!.secretEnv).toEqual(['PERPLEXITY_API_KEY']);
    expect(p.github!.target).toMatchObject({ transport: 'http', url: 'https://api.githubcopilot.com/mcp/' });
    expect(p.github!.secretHeaders).toEqual(['Authorization']);
    expect(p['legacy-events']!.target).toMatchObject({ transport: 'sse', url: 'http://127.0.0.1:3001/sse' });
    expect(r.warnings).toEqual(expect.arrayContaining([expect.stringContaining('${input:perplexity-key}'), expect.stringContaining('${workspaceFolder}')]));
  });

  it('reads the servers nested in VS Code settings.json', () => {
    const r = parseMcpConfig(sample('vscode-settings.json'));
    expect(r.profiles.map((p) => [p.name, p.target.transport])).toEqual([['time', 'stdio']]);
  });

  it('reads Claude Code .mcp.json types, including a WebSocket URL and an API-key header', () => {
    const p = byName(parseMcpConfig(sample('claude-code.mcp.json')));
    expect(p.sentry!.target.transport).toBe('http');
    expect(p.asana!.target.transport).toBe('sse');
    expect(p.asana!.secretHeaders).toEqual(['X-API-Key']);
    expect(p.local!.target).toMatchObject({ transport: 'stdio', command: 'node', env: { DEBUG: '1' } });
    expect(p.socket!.target.transport).toBe('ws');
  });

  it('refuses a file with no servers object, and text that is not JSON', () => {
    expect(() => parseMcpConfig('{"editor.fontSize": 12}')).toThrow(McpConfigError);
    expect(() => parseMcpConfig('not json')).toThrow(/not valid JSON/);
  });

  it('keeps comment markers and commas that sit inside strings', () => {
    expect(parseJsonc('{"a": "http://x/*y*/", "b": [1, 2,], // c\n "c": "d,}"}')).toEqual({ a: 'http://x/*y*/', b: [1, 2], c: 'd,}' });
  });
});

describe('exporting profiles', () => {
  const imported = parseMcpConfig(sample('claude-code.mcp.json')).profiles;

  it('writes VS Code servers with secrets as password inputs, and reads back to the same targets', () => {
    const out = formatMcpConfig(imported, 'vscode');
    const json = JSON.parse(out.text);
    expect(json.inputs).toEqual([{ type: 'promptString', id: 'asana-x-api-key', description: 'X-API-Key for asana', password: true }]);
    expect(json.servers.asana.headers['X-API-Key']).toBe('${input:asana-x-api-key}');
    expect(out.warnings).toEqual(['socket: vscode cannot connect over WebSocket; left out']);
    const again = byName(parseMcpConfig(out.text));
    expect(again.local!.target).toEqual(imported.find((p) => p.name === 'local')!.target);
    expect(again.sentry!.target).toEqual({ transport: 'http', url: 'https://mcp.sentry.dev/mcp', headers: {} });
  });

  it('writes Cursor entries with ${env:…} for secrets, or the real values when asked', () => {
    expect(JSON.parse(formatMcpConfig(imported, 'cursor').text).mcpServers.asana).toEqual({
      url: 'https://mcp.asana.com/sse',
      headers: { 'X-API-Key': '${env:X_API_KEY}' },
    });
    expect(JSON.parse(formatMcpConfig(imported, 'cursor', { includeSecrets: true }).text).mcpServers.asana.headers['X-API-Key']).toBe('asana-key-123456');
  });

  it('writes Claude Desktop remote servers through mcp-remote, headers passed by env var', () => {
    const json = JSON.parse(formatMcpConfig(imported, 'claude-desktop', { includeSecrets: true }).text);
    expect(json.mcpServers.asana).toEqual({
      command: 'npx',
      args: ['-y', 'mcp-remote', 'https://mcp.asana.com/sse', '--header', 'X-API-Key:${MCP_HEADER_X_API_KEY}', '--transport', 'sse-only'],
      env: { MCP_HEADER_X_API_KEY: 'asana-key-123456' },
    });
    expect(json.mcpServers.local).toEqual({ command: 'node', args: ['./server.js'], env: { DEBUG: '1' } });
  });
});

describe('profile secrets through the API', () => {
  const stored: Profile = {
    ...parseMcpConfig(sample('claude_desktop_config.json')).profiles[1]!,
    id: 'p1',
    createdAt: 0,
    updatedAt: 0,
  };

  it('are masked on the way out and restored when an edit sends the mask back', () => {
    const masked = maskProfile(stored);
    expect(masked.target).toMatchObject({ env: { GITHUB_PERSONAL_ACCESS_TOKEN: SECRET_PLACEHOLDER } });
    const edited = unmaskProfile({ ...masked, name: 'gh' }, stored);
    expect(edited.target).toMatchObject({ env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_exampleexampleexampleexample1234' } });
  });

  const base = { id: 'p2', createdAt: 0, updatedAt: 0, protocolVersion: '2025-11-25', era: 'legacy' as const, secretEnv: [], secretHeaders: [] };

  it('mask a secret flag value in stdio args and give it back unless it was edited', () => {
    const p: Profile = {
      ...base,
      name: 'cli',
      target: { transport: 'stdio', command: 'srv', args: ['--api-key', 'sk-live-123', '--token=abc', '--port', '80'], env: {} },
    };
    const masked = maskProfile(p);
    const shown = JSON.stringify(masked);
    expect(shown).not.toContain('sk-live-123');
    expect(shown).not.toContain('abc');
    expect(masked.target).toMatchObject({ args: ['--api-key', expect.not.stringContaining('sk-live'), expect.stringMatching(/^--token=/), '--port', '80'] });
    expect(unmaskProfile(masked, p).target).toMatchObject({ args: ['--api-key', 'sk-live-123', '--token=abc', '--port', '80'] });
    const edited = masked.target.transport === 'stdio' ? { ...masked, target: { ...masked.target, args: ['--api-key', 'sk-new', '--token=abc'] } } : masked;
    expect(unmaskProfile(edited, p).target).toMatchObject({ args: ['--api-key', 'sk-new', '--token=abc'] });
  });

  it("mask a remote server's URL password and OAuth client secret, and restore them from the mask", () => {
    const p: Profile = {
      ...base,
      name: 'remote',
      target: {
        transport: 'http',
        url: 'https://me:hunter22@mcp.example.com/mcp',
        headers: {},
        auth: { type: 'oauth', clientId: 'c1', clientSecret: 'cs-very-secret' },
      },
    };
    const masked = maskProfile(p);
    const shown = JSON.stringify(masked);
    expect(shown).not.toContain('hunter22');
    expect(shown).not.toContain('cs-very-secret');
    expect(shown).toContain('c1');
    const back = unmaskProfile(masked, p).target;
    expect(back).toMatchObject({ url: 'https://me:hunter22@mcp.example.com/mcp', auth: { clientSecret: 'cs-very-secret' } });
  });
});
