// mcpscope wrap on each host's config format: the stdio servers run through tap afterwards, nothing else in the file
// changes (comments included), a second wrap changes nothing, and --undo puts the original back byte for byte.
// What wrap does with files that could be hurt (keys twice, later edits, links, CRLF, a BOM) is in wrap-safety.test.ts.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMcpConfig } from '../../../shared/profiles/parse-mcp-config.js';
import { BIN, FIXTURES } from '../../helpers/relay-process.js';
import { runCli } from '../../helpers/run-cli.js';
import { EVERYTHING, connectClient, readTapped } from '../../helpers/tap-process.js';

const CONFIGS = join(FIXTURES, 'mcp-configs');

function copy(name: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-wrap-')), name);
  copyFileSync(join(CONFIGS, name), file);
  return file;
}

const stdioNames = (text: string) => parseMcpConfig(text).profiles.filter((p) => p.target.transport === 'stdio');

describe('mcpscope wrap', () => {
  for (const name of ['claude_desktop_config.json', 'claude-code.mcp.json', 'cursor-mcp.json', 'vscode-mcp.json', 'vscode-settings.json']) {
    it(`wraps every stdio server of ${name}, idempotently, and --undo restores it byte for byte`, async () => {
      const file = copy(name);
      const original = readFileSync(file);
      const before = stdioNames(original.toString());
      expect((await runCli(['wrap', file, '--all'])).code).toBe(0);
      const text = readFileSync(file, 'utf8');
      const after = stdioNames(text);
      expect(after.map((p) => p.name)).toEqual(before.map((p) => p.name));
      for (const [i, p] of after.entries()) {
        const was = before[i]!.target;
        const t = p.target;
        if (t.transport !== 'stdio' || was.transport !== 'stdio') throw new Error('not stdio');
        expect(t.command).toBe(process.execPath);
        // This package's own script, wherever the module that wrote the entry sits (the CLI runs from its bundle).
        expect(t.args[0]).toBe(BIN);
        expect(t.args.slice(1, 5)).toEqual(['tap', '--name', p.name, '--']);
        expect(t.args.slice(5)).toEqual([was.command, ...was.args]);
        expect(t.env).toEqual(was.env);
      }
      // Everything else in the file, comments and remote servers included, is as it was.
      expect(parseMcpConfig(text).profiles.filter((p) => p.target.transport !== 'stdio')).toEqual(
        parseMcpConfig(original.toString()).profiles.filter((p) => p.target.transport !== 'stdio'),
      );
      if (name === 'vscode-mcp.json') expect(text).toContain('/* a stdio server with a secret from an input */');
      // The record beside it names each wrapped server with its original values, exactly as the file had them.
      const record = JSON.parse(readFileSync(`${file}.mcpscope-backup`, 'utf8')) as { servers: Array<{ name: string; command: string }> };
      expect(record.servers.map((s) => s.name)).toEqual(before.map((p) => p.name));
      for (const [i, s] of record.servers.entries()) expect(JSON.parse(s.command)).toBe((before[i]!.target as { command: string }).command);

      const again = await runCli(['wrap', file, '--all']);
      expect(again.code).toBe(0);
      expect(again.stderr).toContain('already runs through mcpscope tap');
      expect(readFileSync(file, 'utf8')).toBe(text);

      expect((await runCli(['wrap', file, '--undo'])).code).toBe(0);
      expect(readFileSync(file)).toEqual(original);
      expect(existsSync(`${file}.mcpscope-backup`)).toBe(false);
    });
  }

  it('wraps only the named server, refuses an unknown one without changing anything, and has nothing to undo twice', async () => {
    const file = copy('claude_desktop_config.json');
    const original = readFileSync(file);
    const unknown = await runCli(['wrap', file, '--server', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no server named "nope"');
    expect(readFileSync(file)).toEqual(original);
    expect((await runCli(['wrap', file, '--server', 'github'])).code).toBe(0);
    const wrapped = parseMcpConfig(readFileSync(file, 'utf8')).profiles;
    expect(wrapped.filter((p) => p.target.transport === 'stdio' && p.target.args.includes('tap')).map((p) => p.name)).toEqual(['github']);
    expect((await runCli(['wrap', file, '--undo'])).code).toBe(0);
    expect(readFileSync(file)).toEqual(original);
    expect((await runCli(['wrap', file, '--undo'])).code).toBe(1);
    expect((await runCli(['wrap', file])).code).toBe(2);
  });

  it('produces an entry a real host can start: the server answers through the tap and the session is recorded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-wrap-run-'));
    const file = join(dir, 'mcp.json');
    const [command, ...args] = EVERYTHING;
    writeFileSync(file, JSON.stringify({ mcpServers: { everything: { command, args } } }, null, 2));
    const dataDir = join(dir, 'data');
    expect((await runCli(['wrap', file, '--all', '--data-dir', dataDir])).code).toBe(0);
    const entry = parseMcpConfig(readFileSync(file, 'utf8')).profiles[0]!.target;
    if (entry.transport !== 'stdio') throw new Error('not stdio');
    const { client } = await connectClient([entry.command, ...entry.args]);
    const echo = await client.callTool({ name: 'echo', arguments: { message: 'wrapped' } });
    expect(JSON.stringify(echo)).toContain('Echo: wrapped');
    await client.close();
    const recorded = readTapped(dataDir);
    expect(recorded.map((r) => r.session.name)).toEqual(['everything']);
    expect(recorded[0]!.frames.some((f) => f.dir === 'in' && f.text.includes('Echo: wrapped'))).toBe(true);
  });
});
