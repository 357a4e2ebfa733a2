// wrapConfig and unwrapConfig on the text of host configs: every output parses, keys given twice are refused, the undo
// puts back only what the wrap changed (the user's later edits stay), and CRLF, a BOM and comments survive both ways.
import { describe, expect, it } from 'vitest';
import { parseJsonc } from '../../../shared/profiles/jsonc.js';
import { DuplicateKeysError, unwrapConfig, wrapConfig, type WrapOptions } from '../../../shared/profiles/wrap-config.js';

const OPTS: WrapOptions = { servers: null, runner: { command: '/usr/bin/node', args: ['/opt/mcpscope/bin/mcpscope.js'] }, tapFlags: [] };

type Entry = { command?: string; args?: string[]; env?: Record<string, string> };
const servers = (text: string) => (parseJsonc(text) as { mcpServers: Record<string, Entry> }).mcpServers;

const CONFIG = `{
  // my servers
  "mcpServers": {
    "files": {
      "command": "npx",
      "args": [
        "-y", // always the latest
        "@modelcontextprotocol/server-filesystem"
      ]
    },
    "plain": { "command": "my-server" },
    "remote": { "url": "https://example.com/mcp" }
  }
}
`;

describe('wrapConfig and unwrapConfig', () => {
  it('wraps each stdio server and the undo gives back the same bytes, comments inside args included', () => {
    const w = wrapConfig(CONFIG, OPTS);
    expect(w.wrapped).toEqual(['files', 'plain']);
    expect(servers(w.text).files).toEqual({
      command: '/usr/bin/node',
      args: ['/opt/mcpscope/bin/mcpscope.js', 'tap', '--name', 'files', '--', 'npx', '-y', '@modelcontextprotocol/server-filesystem'],
    });
    expect(servers(w.text).plain!.args).toEqual(['/opt/mcpscope/bin/mcpscope.js', 'tap', '--name', 'plain', '--', 'my-server']);
    expect(w.text).toContain('// my servers');
    const u = unwrapConfig(w.text, w.records, { force: false });
    expect(u.restored).toEqual(['files', 'plain']);
    expect(u.text).toBe(CONFIG);
  });

  it('refuses a file with a server name given twice, naming it, instead of writing a broken file', () => {
    const twice = '{"mcpServers": {"a": {"command": "x"}, "b": {"command": "y"}, "a": {"command": "z"}}}';
    expect(() => wrapConfig(twice, OPTS)).toThrow(DuplicateKeysError);
    expect(() => wrapConfig(twice, OPTS)).toThrow('"a" in mcpServers');
    expect(() => wrapConfig(twice, { ...OPTS, servers: ['b'] })).toThrow(DuplicateKeysError);
  });

  it('refuses a key given twice deeper in an entry, and in the file the undo reads', () => {
    expect(() => wrapConfig('{"mcpServers": {"a": {"command": "x", "env": {"K": "1", "K": "2"}}}}', OPTS)).toThrow('"K" in mcpServers.a.env');
    const w = wrapConfig('{"mcpServers": {"a": {"command": "x"}}}', OPTS);
    const edited = w.text.replace('{"mcpServers": {', '{"mcpServers": {"b": {"command": "1"}, "b": {"command": "2"}, ');
    expect(() => unwrapConfig(edited, w.records, { force: false })).toThrow('"b" in mcpServers');
  });

  it('wraps a server named twice on the command line once', () => {
    const w = wrapConfig(CONFIG, { ...OPTS, servers: ['plain', 'plain'] });
    expect(w.wrapped).toEqual(['plain']);
    expect(parseJsonc(w.text)).toBeTruthy();
  });

  it('keeps CRLF line endings, a BOM and comments through the wrap and the undo', () => {
    const crlf = `\ufeff${CONFIG.replaceAll('\n', '\r\n')}`;
    const w = wrapConfig(crlf, OPTS);
    expect(w.text.startsWith('\ufeff{\r\n')).toBe(true);
    expect(w.text.replaceAll('\r\n', '')).not.toContain('\n');
    expect(w.text).toContain('  // my servers\r\n');
    expect(servers(w.text).files!.command).toBe('/usr/bin/node');
    expect(unwrapConfig(w.text, w.records, { force: false }).text).toBe(crlf);
  });

  it('puts back only what the wrap changed and keeps every later edit: a new server, a new env, a changed comment', () => {
    const w = wrapConfig(CONFIG, OPTS);
    const edit = (t: string) =>
      t
        .replace('// my servers', '// my servers, edited')
        .replace('"plain": { "command"', '"plain": { "env": { "DEBUG": "1" }, "command"')
        .replace('"remote":', '"added": { "command": "new-one" },\n    "remote":');
    const u = unwrapConfig(edit(w.text), w.records, { force: false });
    expect(u.changed).toEqual([]);
    expect(u.restored).toEqual(['files', 'plain']);
    expect(u.text).toBe(edit(CONFIG));
  });

  it('leaves the file as it is and shows the difference when the user changed a wrapped command or args, unless forced', () => {
    const w = wrapConfig(CONFIG, OPTS);
    const edited = w.text.replace('"--name","plain"', '"--name","plain","--data-dir","/d"');
    expect(edited).not.toBe(w.text);
    const u = unwrapConfig(edited, w.records, { force: false });
    expect(u.text).toBe(edited);
    expect(u.restored).toEqual([]);
    expect(u.changed.map((c) => c.name)).toEqual(['plain']);
    expect(u.changed[0]!.diff).toContain('- "args": ["/opt/mcpscope/bin/mcpscope.js","tap","--name","plain","--","my-server"]');
    expect(u.changed[0]!.diff).toContain('"--data-dir","/d"');
    expect(u.changed[0]!.diff).not.toContain('"command"');
    const forced = unwrapConfig(edited, w.records, { force: true });
    expect(forced.restored).toEqual(['files', 'plain']);
    expect(forced.text).toBe(CONFIG);
  });

  it('forced, puts back the original command of an entry whose command the user removed, keeping the rest', () => {
    const w = wrapConfig('{"mcpServers": {"a": {"command": "x", "args": ["1"], "cwd": "/w"}}}', OPTS);
    const edited = w.text.replace('"command": "/usr/bin/node", ', '');
    const u = unwrapConfig(edited, w.records, { force: true });
    expect(u.changed[0]!.diff).toContain('+ (no "command" now)');
    expect(servers(u.text).a).toEqual({ command: 'x', args: ['1'], cwd: '/w' });
  });

  it('has nothing to do for a server the user removed or unwrapped by hand', () => {
    const w = wrapConfig(CONFIG, OPTS);
    const edited = w.text
      .replace(/"plain": \{[^}]*\},/, '')
      .replace(/"files": \{[\s\S]*?\n {4}\}/, '"files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem"] }');
    const u = unwrapConfig(edited, w.records, { force: false });
    expect(u.untouched).toEqual([
      { name: 'files', why: 'already runs its original command' },
      { name: 'plain', why: 'no longer in the file: nothing to put back' },
    ]);
    expect(u.text).toBe(edited);
  });

  it('forced, leaves alone a wrapped server the user turned into something that is not an entry', () => {
    const w = wrapConfig('{"mcpServers": {"a": {"command": "x"}}}', OPTS);
    const u = unwrapConfig('{"mcpServers": {"a": "off"}}', w.records, { force: true });
    expect(u.untouched).toEqual([{ name: 'a', why: 'no longer an object with a "command": nothing to put back' }]);
    expect(u.text).toBe('{"mcpServers": {"a": "off"}}');
  });

  it('removes the "args" it added even after an editor moved it before "command"', () => {
    const original = '{"mcpServers": {"a": {"command": "x", "cwd": "/w"}}}';
    const w = wrapConfig(original, OPTS);
    const moved = `{"mcpServers": {"a": {"args": ${JSON.stringify(w.records[0]!.wrote.args)}, "command": "/usr/bin/node", "cwd": "/w"}}}`;
    const u = unwrapConfig(moved, w.records, { force: false });
    expect(u.restored).toEqual(['a']);
    expect(u.text).toBe(original);
  });

  it('wraps the servers of VS Code settings.json under "mcp" → "servers", trailing commas and all', () => {
    const settings = '{\n  "editor.fontSize": 13,\n  "mcp": { "servers": { "s": { "command": "srv", "args": ["a",], }, }, },\n}\n';
    const w = wrapConfig(settings, OPTS);
    expect(w.wrapped).toEqual(['s']);
    expect(unwrapConfig(w.text, w.records, { force: false }).text).toBe(settings);
  });
});
