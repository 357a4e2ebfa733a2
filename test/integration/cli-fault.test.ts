import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_VERDICTS, STDIO_VERDICTS } from '../helpers/fault-expectations.js';
import { verdictMismatches } from '../helpers/fault-lab-page.js';
import { DEMO_SERVER, EVERYTHING_SERVER, FIXTURES } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { runCli } from '../helpers/run-cli.js';

const demo = ['--', process.execPath, DEMO_SERVER];
const everything = ['--', process.execPath, EVERYTHING_SERVER, 'stdio'];
const batching = ['--', process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--batches'];

async function fault(args: string[]) {
  const run = await runCli(['call', '--fault', ...args]);
  const verdict = run.stdout.trim() === '' ? null : (JSON.parse(run.stdout) as { preset: string; verdict: { outcome: string; explanation: string }; replies: unknown[] });
  return { ...run, verdict };
}

describe('mcpscope call --fault', () => {
  it('grades an unknown method answered with -32601 as the spec says and exits 0', async () => {
    const run = await fault(['unknown-method', ...demo]);
    expect(run.code).toBe(0);
    expect(run.verdict).toMatchObject({ preset: 'unknown-method', verdict: { outcome: 'as-spec' } });
  });

  it('reports invalid JSON dropped by the demo server as no reply and exits 3', async () => {
    const run = await fault(['invalid-json', '--timeout', '1000', ...demo]);
    expect(run.code).toBe(3);
    expect(run.verdict).toMatchObject({ verdict: { outcome: 'no-reply' }, replies: [] });
  });

  it('reports invalid UTF-8 bytes that server-everything accepts as a deviation and exits 1', async () => {
    const run = await fault(['invalid-utf8', ...everything]);
    expect(run.code).toBe(1);
    expect(run.verdict!.verdict.explanation).toMatch(/-32700/);
  });

  it('reports a null id dropped by server-everything on stdio as no reply', async () => {
    const run = await fault(['null-id', '--timeout', '1000', ...everything]);
    expect(run.verdict).toMatchObject({ verdict: { outcome: 'no-reply' } });
  });

  it('grades a batch with one invalid element answered per JSON-RPC 2.0 as the spec says', async () => {
    const run = await fault(['batch-one-invalid', ...batching]);
    expect(run.verdict).toMatchObject({ verdict: { outcome: 'as-spec' } });
    expect(run.code).toBe(0);
  });

  it('refuses a preset that needs a fresh session unless the handshake is left out', async () => {
    const refused = await fault(['before-initialize', ...demo]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--no-handshake/);
    const run = await fault(['before-initialize', '--no-handshake', ...demo]);
    expect(run.verdict).toMatchObject({ verdict: { outcome: 'as-spec' } });
  });
});

/** Runs `--fault all` once and maps each preset to its verdict (one JSON line per preset). */
async function allVerdicts(args: string[]) {
  const run = await runCli(['call', '--fault', 'all', '--timeout', '2500', ...args]);
  const lines = run.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { preset: string; verdict: { outcome: string; explanation: string } });
  return { run, outcomes: Object.fromEntries(lines.map((l) => [l.preset, l.verdict.outcome])), lines };
}

describe('mcpscope call --fault all: every preset against the demo server and server-everything', () => {
  let server: RemoteServer;
  beforeAll(async () => {
    server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']);
  });
  afterAll(async () => {
    await server?.stop();
  });

  for (const [name, cmd] of [['the demo server', demo], ['server-everything', everything]] as const) {
    it(`grades every stdio preset against ${name} as MCP-FACTS documents, one line each, exiting with the worst`, async () => {
      const { run, outcomes } = await allVerdicts([...cmd]);
      expect(verdictMismatches(outcomes, STDIO_VERDICTS), run.stderr).toEqual([]);
      expect(run.code).toBe(3);
      const before = await fault(['before-initialize', '--no-handshake', ...cmd]);
      expect(before.verdict).toMatchObject({ verdict: { outcome: 'as-spec' } });
    }, 150_000);
  }

  it('grades every preset, the raw HTTP exchanges included, against server-everything over Streamable HTTP', async () => {
    const { run, outcomes, lines } = await allVerdicts(['--url', server.url('/mcp')]);
    expect(verdictMismatches(outcomes, HTTP_VERDICTS), run.stderr).toEqual([]);
    const line = (id: string) => lines.find((l) => l.preset === id)!.verdict.explanation;
    expect(line('http-accept-missing')).toMatch(/406 Not Acceptable and JSON-RPC error -32000/);
    expect(line('http-session-unknown')).toMatch(/400 Bad Request.*the spec says 404/);
  }, 150_000);

  it('runs one HTTP preset with --url, and refuses it on stdio', async () => {
    const run = await fault(['http-content-type-wrong', '--url', server.url('/mcp')]);
    expect(run.code).toBe(0);
    expect(run.verdict).toMatchObject({ preset: 'http-content-type-wrong', verdict: { outcome: 'as-spec' } });
    const refused = await fault(['http-put', ...demo]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--url/);
  }, 60_000);
});
