// The terminal review cannot be spoofed: every string a bundle or config file puts before "Run it? [y/N]" (names,
// command, arguments, env values, URLs, auth settings) reaches stderr with its control characters escaped. The exact
// bytes are asserted, and that no raw control byte is among them at all.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordDemoBundle } from '../helpers/crafted-bundle.js';
import { rewriteBundle, startRecordingServer, type RecordingServer } from '../helpers/hostile-recipe.js';
import { ROOT, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { runCli, runOnTerminal } from '../helpers/run-cli.js';

/** Any byte a terminal would act on rather than print (a line break aside), and the marks that reorder or hide text. */
// eslint-disable-next-line no-control-regex -- the control characters are what the test looks for
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

/** Hides the rest of the line, erases the line and writes a fake one, rings, a C1 CSI, DEL, and a right-to-left override. */
const HIDE = '\x1b[8m';
const ERASE = '\r\x1b[2K';
const HOSTILE_ARG = `${ERASE}mcpscope replay: confirmed by --yes${HIDE}`;
const HOSTILE_ENV = `calm\x07\u009b2J\x7f\u202egnp.exe`;
const HOSTILE_NAME = `weather${ERASE}\x1b]0;pwned\x07`;

let bundleText: string;
const relays: RelayHandle[] = [];
const servers: RecordingServer[] = [];

beforeAll(async () => {
  bundleText = await recordDemoBundle();
});

afterEach(async () => {
  await Promise.all([...relays.splice(0).map((r) => r.stop()), ...servers.splice(0).map((s) => s.close())]);
});

/** The demo bundle with hostile strings in its session name, one argument and one env value. */
function hostileStdioBundle(): string {
  return rewriteBundle(bundleText, (h) => {
    const target = h.target as { args: string[]; env: Record<string, string> };
    target.args = [...target.args, HOSTILE_ARG];
    target.env = { GREETING: HOSTILE_ENV };
    h.session.name = HOSTILE_NAME;
  });
}

const STDIO_REVIEW = (file: string) =>
  [
    `The recipe from the bundle ${file} would run:`,
    `  command: node dist/bundle/demo-server.js '\\r\\x1b[2Kmcpscope replay: confirmed by --yes\\x1b[8m'`,
    `  in:      ${ROOT}`,
    '  env:     GREETING=calm\\x07\\x9b2J\\x7f\\u202egnp.exe',
  ].join('\n');

describe('the terminal review of a hostile bundle', () => {
  it('mcpscope replay prints exactly the escaped review and its refusal, and no raw control byte', async () => {
    const file = hostileStdioBundle();
    const run = await runCli(['replay', file], {}, ROOT);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `${STDIO_REVIEW(file)}\nmcpscope replay: not run: this recipe came from a file and was not confirmed on this machine. Read it above; to run it, answer the prompt at a terminal or add --yes.\n`,
    );
    expect(run.stderr).not.toMatch(RAW_CONTROL);
  });

  it('the question at a terminal comes after a review the file could not rewrite', async () => {
    const file = hostileStdioBundle();
    const home = mkdtempSync(join(tmpdir(), 'mcpscope-tty-home-'));
    const { code, output } = await runOnTerminal(['replay', file], 'n', home);
    expect(code).toBe(2);
    const before = output.slice(0, output.indexOf('Run it? [y/N]'));
    // The terminal turns each line break into CR LF, and readline redraws its prompt line (ESC[1G ESC[0J): its own
    // bytes, the only raw ones; anything else raw would be the file's.
    expect(before.replace(/\r\n/g, '\n')).toBe(`${STDIO_REVIEW(file)}\n\x1b[1G\x1b[0J`);
  });

  it('mcpscope open prints the same escaped review, and the session name escaped', async () => {
    const file = hostileStdioBundle();
    const relay = await startRelay({ leading: ['open', file] });
    relays.push(relay);
    const out = relay.output();
    expect(out).toContain(`frames of "weather\\r\\x1b[2K\\x1b]0;pwned\\x07" as session `);
    expect(out).toContain(
      `${STDIO_REVIEW(file).replace(`the bundle ${file}`, 'the imported bundle "weather\\r\\x1b[2K\\x1b]0;pwned\\x07"')}\nmcpscope open: not confirmed`,
    );
    expect(out).not.toMatch(RAW_CONTROL);
  });

  it('a remote recipe shows its URL and auth settings escaped, and sends nothing', async () => {
    const server = await startRecordingServer();
    servers.push(server);
    const url = `${server.url('/mcp')}#${HIDE}`;
    const file = rewriteBundle(bundleText, (h) => {
      h.target = { transport: 'http', url, headers: { 'X-Note': `v${HIDE}` }, auth: { type: 'oauth', clientId: `ours${ERASE}theirs`, scope: `read\u202e` } };
      delete h.origin;
    });
    const run = await runCli(['replay', file], {}, ROOT);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      [
        `The recipe from the bundle ${file} would connect to a server:`,
        `  url:       ${server.url('/mcp')}#\\x1b[8m`,
        '  transport: http',
        '  header:    X-Note: [REDACTED]',
        '  auth:      type=oauth',
        '  auth:      clientId=ours\\r\\x1b[2Ktheirs',
        '  auth:      scope=read\\u202e',
        'Nothing has been sent to it. Connect only if you trust where the file came from.',
        'mcpscope replay: not run: this recipe came from a file and was not confirmed on this machine. Read it above; to run it, answer the prompt at a terminal or add --yes.',
        '',
      ].join('\n'),
    );
    expect(run.stderr).not.toMatch(RAW_CONTROL);
    expect(server.requests).toEqual([]);
  });
});

describe('--config messages that quote the file', () => {
  it('show its server names escaped when the one asked for is not there', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-config-')), 'mcp.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { [`a${ERASE}b`]: { command: 'node' }, [`c${HIDE}`]: { url: 'http://127.0.0.1:9/mcp' } } }));
    const run = await runCli(['call', '--method', 'tools/list', '--config', file, '--server', 'nope'], {}, ROOT);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`no server "nope"; the file has a\\r\\x1b[2Kb, c\\x1b[8m`);
    expect(run.stderr).not.toMatch(RAW_CONTROL);
  });

  it("show a skipped entry's reason with the file's strings escaped", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-config-')), 'mcp.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { [`x${HIDE}`]: { url: 'http://127.0.0.1:9/mcp', auth: { clientKeyFile: '/k' } } } }));
    const run = await runCli(['call', '--method', 'tools/list', '--config', file], {}, ROOT);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`server x\\x1b[8m: skipped, it names a file on this machine for mcpscope to read (auth.clientKeyFile)`);
    expect(run.stderr).not.toMatch(RAW_CONTROL);
  });
});
