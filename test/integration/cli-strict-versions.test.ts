// `mcpscope call --lint --strict` against well-behaved servers at every protocol version: server-everything over stdio
// (and Streamable HTTP) from 2024-11-05 to 2025-11-25, the SDK v2 server at 2026-07-28. A severity that outruns the
// spec (a newer field in an older version, say) would fail --strict here; info findings are allowed and never fail it.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_PROTOCOL_VERSIONS } from '../../shared/mcp-versions.js';
import { EVERYTHING_SERVER, FIXTURES } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { runCli, type CliRun } from '../helpers/run-cli.js';

const EVERYTHING = ['--', process.execPath, EVERYTHING_SERVER, 'stdio'];
const SDK_V2 = join(FIXTURES, 'sdk-v2-server.mjs');
const json = (v: unknown) => JSON.stringify(v);

/** What a normal session asks: a tool call (after listing the tools), the other lists, a log level, a completion, a ping. */
const LEGACY_CALLS: readonly string[][] = [
  ['--method', 'tools/call', '--params', json({ name: 'echo', arguments: { message: 'hi' } })],
  ['--method', 'resources/list'],
  ['--method', 'resources/templates/list'],
  ['--method', 'prompts/list'],
  ['--method', 'logging/setLevel', '--params', json({ level: 'info' })],
  ['--method', 'completion/complete', '--params', json({ ref: { type: 'ref/prompt', name: 'args-prompt' }, argument: { name: 'city', value: 'a' } })],
  ['--method', 'ping'],
];
const MODERN_CALLS: readonly string[][] = [
  ['--method', 'tools/call', '--params', json({ name: 'echo', arguments: { message: 'hi' } })],
  ['--method', 'resources/read', '--params', json({ uri: 'memo://counter' })],
  ['--method', 'server/discover'],
];

interface Strict extends CliRun {
  severities: string[];
}

async function strict(args: string[]): Promise<Strict> {
  // The flags go first: whatever follows `--` is the server's command line.
  const run = await runCli(['call', '--lint', '--strict', '--timeout', '20000', ...args]);
  const severities = run.stderr
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => (JSON.parse(l) as { severity: string }).severity);
  return { ...run, severities };
}

/** Runs calls four at a time: each is a server start, a handshake and one request. */
async function all(list: readonly string[][]): Promise<Map<string, Strict>> {
  const out = new Map<string, Strict>();
  const queue = [...list];
  const worker = async () => {
    for (let a = queue.shift(); a !== undefined; a = queue.shift()) out.set(a.join(' '), await strict(a));
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out;
}

let http: RemoteServer;
let v2: RemoteServer;
let runs: Map<string, Strict>;

beforeAll(async () => {
  [http, v2] = await Promise.all([startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']), startRemoteServer(SDK_V2)]);
  runs = await all([
    ...LEGACY_PROTOCOL_VERSIONS.flatMap((v) => LEGACY_CALLS.map((c) => [...c, '--protocol', v, ...EVERYTHING])),
    ...['2025-03-26', '2025-06-18', '2025-11-25'].map((v) => [...LEGACY_CALLS[0]!, '--protocol', v, '--url', http.url('/mcp')]),
    ...MODERN_CALLS.map((c) => [...c, '--protocol', '2026-07-28', '--', process.execPath, SDK_V2, '--stdio']),
    ...MODERN_CALLS.map((c) => [...c, '--era', 'modern', '--url', v2.url('/mcp')]),
  ]);
}, 600_000);

afterAll(async () => {
  await Promise.all([http?.stop(), v2?.stop()]);
});

const clean = (key: string) => {
  const run = runs.get(key)!;
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toMatch(/lint: \d+ frames/);
  expect(run.severities.filter((s) => s !== 'info'), run.stderr).toEqual([]);
  return run;
};

describe('call --lint --strict against well-behaved servers exits 0 at every protocol version', () => {
  for (const v of LEGACY_PROTOCOL_VERSIONS) {
    it(`server-everything over stdio at ${v}: ${LEGACY_CALLS.length} calls, no warning or error`, () => {
      for (const c of LEGACY_CALLS) clean([...c, '--protocol', v, ...EVERYTHING].join(' '));
    });
  }

  it('server-everything over Streamable HTTP at 2025-03-26, 2025-06-18 and 2025-11-25', () => {
    for (const v of ['2025-03-26', '2025-06-18', '2025-11-25']) clean([...LEGACY_CALLS[0]!, '--protocol', v, '--url', http.url('/mcp')].join(' '));
  });

  it('the SDK v2 server at 2026-07-28, over stdio and over HTTP', () => {
    for (const c of MODERN_CALLS) {
      clean([...c, '--protocol', '2026-07-28', '--', process.execPath, SDK_V2, '--stdio'].join(' '));
      clean([...c, '--era', 'modern', '--url', v2.url('/mcp')].join(' '));
    }
  });

  it('lets info findings through: server-everything’s newer fields at 2024-11-05 are reported and still exit 0', () => {
    const run = clean([...LEGACY_CALLS[0]!, '--protocol', '2024-11-05', ...EVERYTHING].join(' '));
    expect(run.severities.length).toBeGreaterThan(0);
    expect(run.stderr).toMatch(/"ruleId":"mcp\/field-not-in-version","severity":"info"/);
  });
});
