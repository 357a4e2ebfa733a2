// `--config <file> --server <name>` as users of other MCP tools expect: `mcpscope call` and the inspector start the
// server a config file describes, its variables expanded; a server that cannot be read is an error that says why.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import { DEMO_SERVER, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpscope-config-it-'));
mkdirSync(join(dir, '.vscode'));
// VS Code: JSONC with a BOM, an input for the key, ${workspaceFolder} and ${env:…}.
const vscode = join(dir, '.vscode', 'mcp.json');
writeFileSync(
  vscode,
  `\uFEFF{
  // the demo server, as a VS Code user would write it
  "inputs": [{ "type": "promptString", "id": "demo-key", "description": "Demo API key", "password": true }],
  "servers": {
    "demo": { "type": "stdio", "command": "${process.execPath}", "args": ["${DEMO_SERVER}"], "env": { "DEMO_API_KEY": "\${input:demo-key}", "UNITS": "\${env:DEMO_UNITS}" }, "cwd": "\${workspaceFolder}" },
    "half": { "type": "stdio" },
  },
}`,
);
// Claude Code: ${VAR:-default}.
const claudeCode = join(dir, '.mcp.json');
writeFileSync(claudeCode, JSON.stringify({ mcpServers: { demo: { command: '${NODE_BIN:-node}', args: [DEMO_SERVER] } } }));

// What ${env:DEMO_UNITS} reads, in every process these tests start (the relay included); put back after the file,
// since the worker runs other files in this process.
const unitsBefore = process.env.DEMO_UNITS;
process.env.DEMO_UNITS = 'metric';
let relay: RelayHandle | undefined;
afterAll(async () => {
  await relay?.stop();
  if (unitsBefore === undefined) delete process.env.DEMO_UNITS;
  else process.env.DEMO_UNITS = unitsBefore;
});

describe('mcpscope call --config', () => {
  it('calls the server a VS Code file describes, with its input given by --input and its ${env:…} from the environment', async () => {
    const r = await runCli(['call', '--config', vscode, '--server', 'demo', '--input', 'demo-key=k-123', '--method', 'tools/list']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toContain('get_weather');
  });

  it('calls the one server of a Claude Code file without --server, ${NODE_BIN:-node} taking its default', async () => {
    const r = await runCli(['call', '--config', claudeCode, '--method', 'ping'], { NODE_BIN: '' });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({});
  });

  it('exits 2 naming what is wrong: a server that cannot be read, an input with no value, a server not in the file', async () => {
    const half = await runCli(['call', '--config', vscode, '--server', 'half', '--method', 'ping']);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain('server half: skipped, it has neither "command" nor "url"');
    const noInput = await runCli(['call', '--config', vscode, '--server', 'demo', '--method', 'ping']);
    expect(noInput.code).toBe(2);
    expect(noInput.stderr).toContain('${input:demo-key} has no value');
    const missing = await runCli(['call', '--config', vscode, '--server', 'nope', '--method', 'ping']);
    expect(missing.stderr).toContain('no server "nope"; the file has demo, half');
  });
});

describe('mcpscope check --config', () => {
  it('grades the server a config file names, as --server picks it, and exits 2 on one it cannot read', async () => {
    const r = await runCli(['check', '--json', '--only', 'lifecycle', '--config', vscode, '--server', 'demo', '--input', 'demo-key=k-123']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { target: string; results: Array<{ id: string; status: string }> };
    expect(report.results.find((x) => x.id === 'lifecycle/ping')?.status).toBe('pass');
    expect(report.target).not.toContain('k-123');
    const half = await runCli(['check', '--config', vscode, '--server', 'half']);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain('server half: skipped, it has neither "command" nor "url"');
  }, 60_000);
});

describe('mcpscope --config', () => {
  it('starts the inspector on the server, named after it, its input masked in what the page sees', async () => {
    relay = await startRelay({ args: ['--config', vscode, '--server', 'demo', '--input', 'demo-key=k-secret-77aa'] });
    const { body: config } = await relay.api<RelayConfig>('/api/config');
    const { body: info } = await relay.api<SessionInfo>(`/api/sessions/${config.launchSessionId}`);
    expect(info).toMatchObject({ name: 'demo', target: { transport: 'stdio', cwd: dir, env: { DEMO_API_KEY: '••••' } } });
    expect(JSON.stringify(config)).not.toContain('k-secret-77aa');
  });
});
