import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configTarget, type ConfigChoice } from '../../../server/cli/config-target.js';
import { FIXTURES } from '../../helpers/relay-process.js';

const CONFIGS = join(FIXTURES, 'mcp-configs');
const choose = (file: string, server?: string, more: Partial<ConfigChoice> = {}): ConfigChoice => ({ file, server, inputs: {}, env: {}, cwd: null, ...more });
const dir = mkdtempSync(join(tmpdir(), 'mcpscope-config-'));

function write(name: string, text: string): string {
  const file = join(dir, name);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('--config <file> --server <name>', () => {
  it('reads a Claude Desktop server with its env', async () => {
    const r = await configTarget(choose(join(CONFIGS, 'claude_desktop_config.json'), 'github'), { env: {} });
    expect(r.name).toBe('github');
    expect(r.target).toMatchObject({ transport: 'stdio', command: 'docker', env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_exampleexampleexampleexample1234' } });
  });

  it('reads Claude Code (.mcp.json) remote servers with their transport', async () => {
    expect((await configTarget(choose(join(CONFIGS, 'claude-code.mcp.json'), 'asana'), { env: {} })).target).toMatchObject({
      transport: 'sse',
      url: 'https://mcp.asana.com/sse',
    });
    expect((await configTarget(choose(join(CONFIGS, 'claude-code.mcp.json'), 'socket'), { env: {} })).target).toMatchObject({ transport: 'ws' });
  });

  it('expands a Cursor ${env:VAR} and says a missing one is not set', async () => {
    const file = join(CONFIGS, 'cursor-mcp.json');
    expect((await configTarget(choose(file, 'internal-api'), { env: { INTERNAL_TOKEN: 't-9' } })).target).toMatchObject({
      headers: { Authorization: 'Bearer t-9' },
    });
    await expect(configTarget(choose(file, 'internal-api'), { env: {} })).rejects.toThrow(
      'server "internal-api": ${env:INTERNAL_TOKEN} is not set in the environment',
    );
  });

  it('reports a server it cannot use, with the reason, and names the servers of the file for a wrong name', async () => {
    const file = join(CONFIGS, 'cursor-mcp.json');
    await expect(configTarget(choose(file, 'broken'), { env: {} })).rejects.toThrow('server broken: skipped, it has neither "command" nor "url"');
    await expect(configTarget(choose(file, 'nope'), { env: {} })).rejects.toThrow('no server "nope"; the file has linear, internal-api, postgres, broken');
    await expect(configTarget(choose(file), { env: {} })).rejects.toThrow(
      'say which server with --server <name>; the file has linear, internal-api, postgres, broken',
    );
  });

  it('reads VS Code JSONC with inputs: from --input, from the terminal asker (told the description), and ${workspaceFolder} as the folder above .vscode', async () => {
    const file = write('proj/.vscode/mcp.json', readFileSync(join(CONFIGS, 'vscode-mcp.json'), 'utf8'));
    const given = await configTarget(choose(file, 'Perplexity', { inputs: { 'perplexity-key': 'pk-1' } }), { env: {} });
    expect(given.target).toMatchObject({ transport: 'stdio', command: 'npx', env: { PERPLEXITY_API_KEY: 'pk-1', LOG_LEVEL: 'debug' }, cwd: join(dir, 'proj') });
    const asked: string[] = [];
    const viaTerminal = await configTarget(choose(file, 'Perplexity'), {
      env: {},
      ask: async (i) => {
        asked.push(`${i.id}: ${i.description}${i.password ? ' (password)' : ''}`);
        return 'pk-typed';
      },
    });
    expect(asked).toEqual(['perplexity-key: Perplexity API Key (password)']);
    expect(viaTerminal.target).toMatchObject({ env: { PERPLEXITY_API_KEY: 'pk-typed' } });
    await expect(configTarget(choose(file, 'Perplexity'), { env: {} })).rejects.toThrow(
      '${input:perplexity-key} has no value (give it with --input perplexity-key=<value>',
    );
  });

  it('reads a VS Code settings.json, and the one server of a file without --server', async () => {
    const r = await configTarget(choose(join(CONFIGS, 'vscode-settings.json')), { env: {} });
    expect(r).toMatchObject({ name: 'time', target: { command: 'uvx', args: ['mcp-server-time', '--local-timezone=Europe/Lisbon'] } });
  });

  it('tolerates a UTF-8 BOM and comments, expands ${VAR:-default}, and puts --env over the env and --cwd in place of the directory', async () => {
    const file = write(
      'bom.mcp.json',
      '\uFEFF// a comment\n{ "mcpServers": { "s": { "command": "node", "args": ["${SERVER:-server.js}", "--region=${REGION}"], "env": { "A": "1", "B": "2" }, "cwd": "/x" } } }',
    );
    const r = await configTarget(choose(file, 's', { env: { B: 'over' }, cwd: '/y' }), { env: { REGION: 'eu' } });
    expect(r.target).toEqual({ transport: 'stdio', command: 'node', args: ['server.js', '--region=eu'], env: { A: '1', B: 'over' }, cwd: '/y' });
  });

  it('says what is wrong with a file that is missing, not JSON, or holds no servers', async () => {
    await expect(configTarget(choose(join(dir, 'missing.json')), { env: {} })).rejects.toThrow('cannot read it (ENOENT)');
    await expect(configTarget(choose(write('bad.json', '{ "mcpServers": ')), { env: {} })).rejects.toThrow('not valid JSON');
    await expect(configTarget(choose(write('none.json', '{ "other": {} }')), { env: {} })).rejects.toThrow('no "mcpServers" or "servers" object in the file');
  });
});
