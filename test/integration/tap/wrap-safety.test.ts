// mcpscope wrap never corrupts a host's config: keys given twice are refused with the file untouched, --undo keeps the
// edits made after the wrap (and refuses, with a diff, to undo a wrapped entry the user changed), a symlinked config
// stays a link, the mode, CRLF, a BOM and comments survive, and a server in a cache that vanishes is warned about.
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonc } from '../../../shared/profiles/jsonc.js';
import { ROOT } from '../../helpers/relay-process.js';
import { runCli, runNode } from '../../helpers/run-cli.js';

type Entry = { command: string; args?: string[]; env?: Record<string, string> };
const servers = (file: string) => (parseJsonc(readFileSync(file, 'utf8')) as { mcpServers: Record<string, Entry> }).mcpServers;

function configFile(text: string, name = 'claude_desktop_config.json'): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-wrap-safety-')), name);
  writeFileSync(file, text);
  return file;
}

const CONFIG = `{
  // the servers I use
  "mcpServers": {
    "notes": { "command": "notes-server", "args": ["--dir", "/home/ann/notes"] },
    "search": { "command": "search-server" }
  }
}
`;

describe('mcpscope wrap keeps a config whole', () => {
  it('refuses a config that names a server twice with exit 2, naming it, and changes and creates nothing', async () => {
    const text = '{\n  "mcpServers": {\n    "github": { "command": "a" },\n    "github": { "command": "b" }\n  }\n}\n';
    const file = configFile(text);
    const run = await runCli(['wrap', file, '--all']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"github" in mcpServers');
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(readdirSync(join(file, '..'))).toEqual(['claude_desktop_config.json']);
  });

  it('--undo puts back the wrapped servers and keeps what the user edited after the wrap', async () => {
    const file = configFile(CONFIG);
    expect((await runCli(['wrap', file, '--all'])).code).toBe(0);
    expect(servers(file).notes!.args).toContain('tap');
    const edit = (t: string) =>
      t
        .replace('// the servers I use', '// the servers I use, and one more')
        .replace('"search": { "command"', '"search": { "env": { "LOG": "debug" }, "command"')
        .replace('"notes":', '"weather": { "command": "weather-server" },\n    "notes":');
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
    const undo = await runCli(['wrap', file, '--undo']);
    expect(undo.code).toBe(0);
    expect(undo.stderr).toContain('put back the original command and args of notes, search');
    expect(readFileSync(file, 'utf8')).toBe(edit(CONFIG));
    expect(existsSync(`${file}.mcpscope-backup`)).toBe(false);
  });

  it('--undo refuses, with the difference, a wrapped entry edited since, changing nothing; --force puts it back', async () => {
    const file = configFile(CONFIG);
    expect((await runCli(['wrap', file, '--all'])).code).toBe(0);
    const s = servers(file);
    const edited = readFileSync(file, 'utf8').replace('"--dir","/home/ann/notes"', '"--dir","/home/ann/notes2"');
    writeFileSync(file, edited);
    const refused = await runCli(['wrap', file, '--undo']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('notes was edited since the wrap');
    expect(refused.stderr).toContain(`- "args": ${JSON.stringify(s.notes!.args)}`);
    expect(refused.stderr).toContain('/home/ann/notes2"]');
    expect(refused.stderr).toContain('--undo --force');
    expect(readFileSync(file, 'utf8')).toBe(edited);
    expect(existsSync(`${file}.mcpscope-backup`)).toBe(true);

    const forced = await runCli(['wrap', file, '--undo', '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(CONFIG);
    expect(existsSync(`${file}.mcpscope-backup`)).toBe(false);
  });

  it('writes through a symlinked config into its target, keeping the link, the mode and the record beside the target', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-wrap-link-'));
    mkdirSync(join(dir, 'dotfiles'));
    const target = join(dir, 'dotfiles', 'claude.json');
    writeFileSync(target, CONFIG);
    chmodSync(target, 0o660); // group-writable: a umask of 022 must not take that away
    const link = join(dir, 'claude_desktop_config.json');
    symlinkSync(join('dotfiles', 'claude.json'), link);

    const wrap = await runCli(['wrap', link, '--server', 'notes']);
    expect(wrap.code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(join('dotfiles', 'claude.json'));
    expect(servers(target).notes!.command).toBe(process.execPath);
    expect(statSync(target).mode & 0o777).toBe(0o660);
    expect(statSync(`${target}.mcpscope-backup`).mode & 0o777).toBe(0o660);
    expect(existsSync(`${link}.mcpscope-backup`)).toBe(false);
    // Nothing else was left in either folder (no temporary file).
    expect(readdirSync(join(dir, 'dotfiles')).sort()).toEqual(['claude.json', 'claude.json.mcpscope-backup']);

    expect((await runCli(['wrap', link, '--undo'])).code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe(CONFIG);
    expect(statSync(target).mode & 0o777).toBe(0o660);
    expect(readdirSync(join(dir, 'dotfiles'))).toEqual(['claude.json']);
  });

  it('keeps a BOM, CRLF line endings and comments, and --undo gives back the same bytes', async () => {
    const text = `\ufeff${CONFIG.replaceAll('\n', '\r\n')}`;
    const file = configFile(text, 'mcp.json');
    expect((await runCli(['wrap', file, '--all'])).code).toBe(0);
    const wrapped = readFileSync(file, 'utf8');
    expect(wrapped.startsWith('\ufeff{\r\n  // the servers I use\r\n')).toBe(true);
    expect(wrapped.replaceAll('\r\n', '')).not.toContain('\n');
    expect(servers(file).search!.args).toEqual([expect.stringMatching(/mcpscope\.js$/), 'tap', '--name', 'search', '--', 'search-server']);
    expect((await runCli(['wrap', file, '--undo'])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it("warns when a server runs from npx's cache, and still wraps it", async () => {
    const npx = '/home/ann/.npm/_npx/6a9c1e/node_modules/.bin/mcp-server-notes';
    const file = configFile(JSON.stringify({ mcpServers: { notes: { command: npx } } }, null, 2));
    const run = await runCli(['wrap', file, '--all']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`warning: notes starts ${npx}, which is in npx's cache`);
    expect(servers(file).notes!.args!.slice(-2)).toEqual(['--', npx]);
  });

  it("warns when the mcpscope it writes into the entry runs from npx's cache, and still wraps", async () => {
    // The package as `npx mcpscope` leaves it: its script, manifest and bundle under ~/.npm/_npx/<hash>/node_modules.
    const cache = mkdtempSync(join(tmpdir(), 'mcpscope-wrap-npx-'));
    const pkg = join(cache, '_npx', '6a9c1e', 'node_modules', 'mcpscope');
    for (const part of ['bin', 'package.json', join('dist', 'bundle')]) cpSync(join(ROOT, part), join(pkg, part), { recursive: true });
    const file = configFile(CONFIG);
    const run = await runNode([join(pkg, 'bin', 'mcpscope.js'), 'wrap', file, '--server', 'notes']);
    rmSync(cache, { recursive: true }); // a copy of the bundle (6.6 MB)
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`warning: the wrapped entries start ${join(pkg, 'bin', 'mcpscope.js')}, which is in npx's cache`);
    expect(servers(file).notes!.args![0]).toBe(join(pkg, 'bin', 'mcpscope.js'));
  });

  it('leaves the config alone when the file beside it is not a record of its own (an older whole-file backup)', async () => {
    const file = configFile(CONFIG);
    writeFileSync(`${file}.mcpscope-backup`, CONFIG);
    for (const argv of [['--undo'], ['--all']]) {
      const run = await runCli(['wrap', file, ...argv]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('a whole copy of the config, as an older mcpscope kept it');
      expect(readFileSync(file, 'utf8')).toBe(CONFIG);
      expect(readFileSync(`${file}.mcpscope-backup`, 'utf8')).toBe(CONFIG);
    }
  });

  it('refuses --force without --undo', async () => {
    const file = configFile(CONFIG);
    const run = await runCli(['wrap', file, '--all', '--force']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--force goes with --undo');
    expect(readFileSync(file, 'utf8')).toBe(CONFIG);
  });
});
