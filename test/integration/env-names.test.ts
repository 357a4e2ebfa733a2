// A variable name that is not a name never reaches spawn, by any entry: the HTTP API (sessions, profiles, replay,
// bundle and profile import), `mcpscope replay` and `open` (even with --yes), --config, --env and --env-file, and the
// stdio transport itself. Each hostile recipe's command writes a marker file, as does its NODE_OPTIONS where it has
// one, so "nothing ran" is a file that is never created; each refusal must name the variable, escaped.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayErrorBody } from '../../shared/relay-errors.js';
import type { RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import { StdioTransport } from '../../server/transports/stdio-transport.js';
import { craftBundle, recordDemoBundle } from '../helpers/crafted-bundle.js';
import { DEMO_SERVER, ROOT, startRelay, waitFor, type RelayHandle } from '../helpers/relay-process.js';
import { REMOTE_FIXTURE, startRemoteServer } from '../helpers/remote-server.js';
import { runCli } from '../helpers/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpscope-env-names-'));
let markers = 0;

/** A command that writes a fresh marker file when it runs, and NODE_OPTIONS code that writes it too. */
function marked(): { marker: string; command: string[]; nodeOptions: string; ran: () => boolean } {
  const marker = join(dir, `ran-${++markers}`);
  const js = `require("node:fs").writeFileSync(${JSON.stringify(marker)},"ran")`;
  const esm = `import{writeFileSync}from"node:fs";writeFileSync(${JSON.stringify(marker)},"ran")`;
  return {
    marker,
    command: [process.execPath, '-e', js],
    nodeOptions: `--import=data:text/javascript,${encodeURIComponent(esm)}`,
    ran: () => existsSync(marker),
  };
}

/** The review's hostile key: it reaches the child as NODE_OPTIONS, and its last word reads "token". */
const INJECTED = (nodeOptions: string) => `NODE_OPTIONS=${nodeOptions}//_TOKEN`;

/** Each bad name with how its error shows it (escaped, so no raw control character reaches a terminal or a page). */
const BAD: [name: string, shown: string][] = [
  ['A=B', '"A=B"'],
  ['A\0B', '"A\\u0000B"'],
  ['MY VAR', '"MY VAR"'],
  ['A\nB', '"A\\nB"'],
  ['A\rB', '"A\\rB"'],
  ['CAF\u00c9', '"CAF\\u00c9"'],
  ['X\u202eY', '"X\\u202eY"'],
  ['1PATH', '"1PATH"'],
  ['', '""'],
];
/** What --env can carry: not a NUL (argv's strings end there), nor "=" (`--env A=B=v` is A set to "B=v"). */
const BAD_IN_ARGV = BAD.filter(([n]) => !n.includes('\0') && !n.includes('='));

let relay: RelayHandle;
let bundleText: string;

beforeAll(async () => {
  [relay, bundleText] = await Promise.all([startRelay({ args: ['--demo'] }), recordDemoBundle()]);
});

afterAll(async () => {
  await relay?.stop();
});

const stdio = (command: string[], env: Record<string, string>) => ({ transport: 'stdio', command: command[0], args: command.slice(1), env });

describe('the HTTP API', () => {
  it('refuses a session whose recipe has a bad name, naming it, and starts nothing; the same recipe with a good name starts', async () => {
    for (const [name, shown] of [...BAD, [INJECTED('x'), '"NODE_OPTIONS=x//_TOKEN"'] as [string, string]]) {
      const m = marked();
      const r = await relay.api<RelayErrorBody>('/api/sessions', {
        method: 'POST',
        body: JSON.stringify({ target: stdio(m.command, { [name]: 'v' }), protocolVersion: '2025-11-25', handshake: false }),
      });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.body.error.message).toContain(`environment variable ${shown}: not a valid name`);
      expect(m.ran()).toBe(false);
    }
    const m = marked();
    const ok = await relay.api<SessionInfo>('/api/sessions', {
      method: 'POST',
      body: JSON.stringify({ target: stdio(m.command, { GOOD: 'v' }), protocolVersion: '2025-11-25', handshake: false }),
    });
    expect(ok.status).toBe(201);
    await waitFor(() => m.ran(), 'the control recipe to run');
  });

  it('refuses the hostile key of the review through the injection it carries: NODE_OPTIONS never reaches the child', async () => {
    const m = marked();
    const r = await relay.api<RelayErrorBody>('/api/sessions', {
      method: 'POST',
      body: JSON.stringify({
        target: stdio([process.execPath, DEMO_SERVER], { [INJECTED(m.nodeOptions)]: 'sekrit' }),
        protocolVersion: '2025-11-25',
        handshake: false,
      }),
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/environment variable "NODE_OPTIONS=--import=data:text\/javascript,.*: not a valid name \(it contains "="/);
    expect(m.ran()).toBe(false);
  });

  it('refuses a profile, a replay target and a bundle with a bad name, and skips an imported server that has one, saying why', async () => {
    const m = marked();
    const profile = await relay.api<RelayErrorBody>('/api/profiles', {
      method: 'POST',
      body: JSON.stringify({ name: 'p', target: stdio(m.command, { 'A B': 'v' }) }),
    });
    expect(profile.status).toBe(400);
    expect(profile.body.error.message).toContain('environment variable "A B": not a valid name (it contains a space)');

    const { body: sessions } = await relay.api<SessionInfo[]>('/api/sessions');
    const replay = await relay.api<RelayErrorBody>(`/api/sessions/${sessions[0]!.id}/replay`, {
      method: 'POST',
      body: JSON.stringify({ target: stdio(m.command, { '1X': 'v' }) }),
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error.message).toContain('environment variable "1X": not a valid name (it starts with a digit)');

    const b = craftBundle(bundleText, { 'A\nB': 'v' });
    const imported = await relay.api<RelayErrorBody>('/api/bundles', {
      method: 'POST',
      body: readFileSync(b.file),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(imported.status).toBe(400);
    expect(imported.body.error.message).toContain('environment variable "A\\nB": not a valid name (it contains a control character)');

    const text = JSON.stringify({
      mcpServers: {
        evil: { command: m.command[0], args: m.command.slice(1), env: { [INJECTED(m.nodeOptions)]: 'v' } },
        fine: { command: 'node', args: ['s.js'] },
      },
    });
    const profiles = await relay.api<{ profiles: Array<{ name: string }>; warnings: string[] }>('/api/profiles/import', {
      method: 'POST',
      body: JSON.stringify({ text }),
    });
    expect(profiles.status).toBe(201);
    expect(profiles.body.profiles.map((p) => p.name)).toEqual(['fine']);
    expect(profiles.body.warnings.join('\n')).toMatch(/evil: skipped, env: environment variable "NODE_OPTIONS=--import=data:.*: not a valid name/);
    expect(m.ran()).toBe(false);
    expect(b.ran()).toBe(false);
  });
});

describe('bundles on the command line', () => {
  it('mcpscope replay refuses a bundle with a bad name even with --yes, naming it, and runs nothing', async () => {
    for (const [name, shown] of BAD) {
      const b = craftBundle(bundleText, { [name]: 'v' });
      const run = await runCli(['replay', b.file, '--yes'], {}, ROOT);
      expect(run.code, JSON.stringify(name)).toBe(2);
      expect(run.stderr).toContain(`environment variable ${shown}: not a valid name`);
      expect(b.ran()).toBe(false);
    }
  });

  it('mcpscope replay refuses the hostile key of the review, which once ran without a prompt', async () => {
    const b = craftBundle(bundleText);
    const m = marked();
    // The crafted bundle's own NODE_OPTIONS is taken out: only the hostile key could run code here.
    const header = bundleText.split('\n')[1]!;
    const parsed = JSON.parse(header.replace(/^"header":/, '').replace(/,$/, '')) as { target: { env: Record<string, string> } };
    parsed.target.env = { [INJECTED(m.nodeOptions)]: 'sekrit' };
    const lines = bundleText.split('\n');
    lines[1] = `"header":${JSON.stringify(parsed)},`;
    writeFileSync(b.file, lines.join('\n'));
    const run = await runCli(['replay', b.file], {}, ROOT);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/not a valid bundle: .*environment variable "NODE_OPTIONS=--import=data:text\/javascript,/);
    expect(m.ran()).toBe(false);
  });

  it('mcpscope open refuses such a bundle, naming the variable, and never starts a relay', async () => {
    const b = craftBundle(bundleText, { 'A=B': 'v' });
    await expect(startRelay({ leading: ['open', b.file, '--yes'] })).rejects.toThrow(/environment variable "A=B": not a valid name/);
    expect(b.ran()).toBe(false);
  });
});

describe('--config, --env and --env-file', () => {
  it('--config refuses a server with a bad name, naming it, in call and in the inspector', async () => {
    for (const [name, shown] of BAD) {
      const m = marked();
      const file = join(dir, `config-${markers}.json`);
      writeFileSync(file, JSON.stringify({ mcpServers: { evil: { command: m.command[0], args: m.command.slice(1), env: { [name]: 'v' } } } }));
      const run = await runCli(['call', '--config', file, '--method', 'ping']);
      expect(run.code, JSON.stringify(name)).toBe(2);
      expect(run.stderr).toContain(`environment variable ${shown}: not a valid name`);
      expect(m.ran()).toBe(false);
    }
    const m = marked();
    const file = join(dir, 'config-inspector.json');
    writeFileSync(file, JSON.stringify({ servers: { evil: { command: m.command[0], args: m.command.slice(1), env: { 'A=B': 'v' } } } }));
    const inspector = await runCli(['--config', file, '--port', '0', '--no-open']);
    expect(inspector.code).toBe(2);
    expect(inspector.stderr).toContain('environment variable "A=B": not a valid name');
    expect(m.ran()).toBe(false);
  });

  it('--config says out loud, on one line, which dangerous variables the file sets', async () => {
    const m = marked();
    const file = join(dir, 'mcp.json');
    writeFileSync(
      file,
      JSON.stringify({
        servers: { demo: { command: process.execPath, args: [DEMO_SERVER], env: { NODE_OPTIONS: m.nodeOptions, LD_PRELOAD: '', GREETING: 'hi' } } },
      }),
    );
    const run = await runCli(['call', '--config', file, '--method', 'ping']);
    const warnings = run.stderr.split('\n').filter((l) => l.includes('which can make it run code the file chose'));
    expect(warnings).toEqual([
      `mcpscope call: server "demo" in ${file} sets NODE_OPTIONS, LD_PRELOAD, which can make it run code the file chose; run it only if you trust the file`,
    ]);
    // A config file named on the command line runs like a typed recipe: warned about, not asked.
    expect(run.code).toBe(0);
    expect(m.ran()).toBe(true);
  });

  it('--env refuses a bad name, naming it escaped, in call, check, replay and the inspector, and runs nothing', async () => {
    for (const [name, shown] of BAD_IN_ARGV) {
      const m = marked();
      const run = await runCli(['call', '--env', `${name}=v`, '--method', 'ping', '--', ...m.command]);
      expect(run.code, JSON.stringify(name)).toBe(2);
      expect(run.stderr).toContain(`--env: environment variable ${shown}: not a valid name`);
      expect(m.ran()).toBe(false);
    }
    const m = marked();
    for (const args of [
      ['check', '--env', ' X=1', '--', ...m.command],
      ['--env', ' X=1', '--port', '0', '--no-open', '--', ...m.command],
    ]) {
      const run = await runCli(args);
      expect(run.code, args[0]).toBe(2);
      expect(run.stderr).toContain('--env: environment variable " X": not a valid name (it contains a space)');
    }
    const b = craftBundle(bundleText);
    const replay = await runCli(['replay', b.file, '--yes', '--env', 'A\rB=1'], {}, ROOT);
    expect(replay.code).toBe(2);
    expect(replay.stderr).toContain('--env: environment variable "A\\rB": not a valid name');
    expect(m.ran()).toBe(false);
    expect(b.ran()).toBe(false);
  });

  it('--env-file gives the server its variables (--env wins), and refuses a bad line by file and line number', async () => {
    const out = join(dir, 'env-seen');
    const envFile = join(dir, 'server.env');
    writeFileSync(envFile, "# the server's secrets\r\nexport FROM_FILE=\"from the file\"\r\n\r\nBOTH=file\nQUOTED='a=b'\n");
    const js = `require("node:fs").writeFileSync(${JSON.stringify(out)},[process.env.FROM_FILE,process.env.BOTH,process.env.QUOTED].join("|"))`;
    await runCli(['call', '--env-file', envFile, '--env', 'BOTH=flag', '--method', 'ping', '--timeout', '2000', '--', process.execPath, '-e', js]);
    expect(readFileSync(out, 'utf8')).toBe('from the file|flag|a=b');

    // The refusals run side by side (each a CLI process that stops before it spawns anything), each with a marker and
    // a file of its own.
    const refusals = (
      [
        ['A B=1', 'line 2: environment variable "A B": not a valid name (it contains a space)'],
        ['1X=1', 'line 2: environment variable "1X": not a valid name (it starts with a digit)'],
        ['NOEQUALS', 'line 2: needs KEY=VALUE'],
        ['CAF\u00c9=1', 'line 2: environment variable "CAF\\u00c9": not a valid name'],
      ] as const
    ).map(async ([line, said]) => {
      const m = marked();
      const bad = join(dir, `bad-${markers}.env`);
      writeFileSync(bad, `GOOD=1\n${line}\n`);
      const run = await runCli(['call', '--env-file', bad, '--method', 'ping', '--', ...m.command]);
      expect(run.code, line).toBe(2);
      expect(run.stderr).toContain(`--env-file ${bad}, ${said}`);
      expect(m.ran()).toBe(false);
    });
    // Node itself looks for the file of any --env-file in argv, even after the script (and exits 9 when it is missing,
    // before mcpscope runs); either way a missing file is refused by name and nothing starts.
    const missingFile = (async () => {
      const m = marked();
      const missing = await runCli(['call', '--env-file', join(dir, 'nope.env'), '--method', 'ping', '--', ...m.command]);
      expect([2, 9]).toContain(missing.code);
      expect(missing.stderr).toMatch(new RegExp(`${join(dir, 'nope.env')}: (not found|cannot read it \\(ENOENT\\))`));
      expect(m.ran()).toBe(false);
    })();
    await Promise.all([...refusals, missingFile]);
  });
});

describe('--header-file', () => {
  it('sends the headers of the file (a bearer token kept off the command line), and refuses a bad line', async () => {
    const server = await startRemoteServer(REMOTE_FIXTURE, [], { FIXTURE_BEARER: 'from-a-file' });
    try {
      const file = join(dir, 'headers');
      writeFileSync(file, '# for the fixture\nAuthorization: Bearer from-a-file\n');
      const ok = await runCli(['call', '--url', server.url('/mcp'), '--header-file', file, '--method', 'ping']);
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      const without = await runCli(['call', '--url', server.url('/mcp'), '--method', 'ping']);
      expect(without.code).not.toBe(0);
      const bad = join(dir, 'bad-headers');
      writeFileSync(bad, 'Authorization: Bearer x\nno colon here\n');
      const refused = await runCli(['call', '--url', server.url('/mcp'), '--header-file', bad, '--method', 'ping']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`--header-file ${bad}, line 2: needs 'Name: value' with a valid header name`);
    } finally {
      await server.stop();
    }
  });
});

describe('the stdio transport, the last guard', () => {
  it('never spawns a recipe with a bad name, whatever path it came by, and says why', async () => {
    for (const [name, shown] of BAD) {
      const m = marked();
      const events: string[] = [];
      let closed = false;
      const t = new StdioTransport({ command: m.command[0]!, args: m.command.slice(1), env: { [name]: 'v' } });
      await t.start({
        onMessage: () => {},
        onOversize: () => {},
        onStderr: () => {},
        onEvent: (e) => events.push('message' in e ? e.message : e.event),
        onClosed: () => (closed = true),
      });
      expect(closed, JSON.stringify(name)).toBe(true);
      expect(events.join('\n')).toContain(`spawn failed: refused to start the server: environment variable ${shown}: not a valid name`);
      expect(m.ran()).toBe(false);
    }
  });
});

describe('the recipe hash, end to end', () => {
  it('a bundle confirmed with --yes runs again unasked, but a changed secret, an added variable or a changed dangerous value is asked about again', async () => {
    const b = craftBundle(bundleText, { API_TOKEN: 'one' });
    const yes = await runCli(['replay', b.file, '--yes'], {}, ROOT);
    expect(yes.code).toBe(0);
    expect(b.ran()).toBe(true);
    const again = await runCli(['replay', b.file], {}, ROOT);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain('would run');
    for (const env of [
      ['--env', 'API_TOKEN=two'],
      ['--env', 'EXTRA=1'],
    ]) {
      const changed = await runCli(['replay', b.file, ...env], {}, ROOT);
      expect(changed.code, env.join(' ')).toBe(2);
      expect(changed.stderr).toContain('would run');
      expect(changed.stderr).not.toContain('API_TOKEN=two');
    }
    // The same recipe but for NODE_OPTIONS, whose code now writes another marker.
    const other = craftBundle(bundleText, { API_TOKEN: 'one' });
    const asked = await runCli(['replay', other.file], {}, ROOT);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toMatch(/NODE_OPTIONS=.*<-- DANGEROUS/);
    expect(other.ran()).toBe(false);
  });
});

describe('a recording stored before the check', () => {
  it('still loads, and its Replay is refused with the variable named, running nothing', async () => {
    const m = marked();
    // A bundle imported by an older relay: written here with a stand-in name, then given the hostile key in the store.
    const b = craftBundle(bundleText, { STAND_IN: 'v' });
    const first = await startRelay({ leading: ['open', b.file] });
    const { dataDir } = first;
    const { body: config } = await first.api<RelayConfig>('/api/config');
    await first.stop();
    const db = new Database(join(dataDir, 'mcpscope.sqlite'));
    const row = db.prepare('SELECT target FROM sessions WHERE id = ?').get(config.launchSessionId) as { target: string };
    const target = JSON.parse(row.target) as { env: Record<string, string> };
    target.env = { [INJECTED(m.nodeOptions)]: 'v' };
    db.prepare('UPDATE sessions SET target = ? WHERE id = ?').run(JSON.stringify(target), config.launchSessionId);
    db.close();

    const again = await startRelay({ args: ['--demo'], dataDir });
    try {
      const { status, body: sessions } = await again.api<SessionInfo[]>('/api/sessions');
      expect(status).toBe(200);
      const old = sessions.find((x) => x.id === config.launchSessionId);
      expect(old?.target).toMatchObject({ transport: 'stdio' });
      const replay = await again.api<RelayErrorBody>(`/api/sessions/${config.launchSessionId}/replay`, { method: 'POST', body: '{}' });
      expect(replay.status).toBe(400);
      expect(replay.body.error.message).toMatch(/environment variable "NODE_OPTIONS=--import=data:text\/javascript,.*: not a valid name/);
      expect(m.ran()).toBe(false);
      expect(b.ran()).toBe(false);
    } finally {
      await again.stop();
    }
  });
});
