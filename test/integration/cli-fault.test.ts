// `mcpscope call --fault`: single presets and whole `--fault all` runs against the demo server, server-everything and
// fixtures, each graded as MCP-FACTS documents. Each test runs its own CLI processes, which mostly wait out presets a
// server does not answer: the tests run side by side (describe.concurrent).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_VERDICTS, STDIO_VERDICTS } from '../helpers/fault-expectations.js';
import { faultLanes, laneSlices } from '../helpers/fault-lanes.js';
import { verdictMismatches } from '../helpers/fault-lab-page.js';
import { DEMO_SERVER, EVERYTHING_SERVER, FIXTURES } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, REMOTE_FIXTURE, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { runCli } from '../helpers/run-cli.js';

const demo = ['--', process.execPath, DEMO_SERVER];
const everything = ['--', process.execPath, EVERYTHING_SERVER, 'stdio'];
const batching = ['--', process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--batches'];

async function fault(args: string[]) {
  const run = await runCli(['call', '--fault', ...args]);
  const verdict =
    run.stdout.trim() === '' ? null : (JSON.parse(run.stdout) as { preset: string; verdict: { outcome: string; explanation: string }; replies: unknown[] });
  return { ...run, verdict };
}

describe.concurrent('mcpscope call --fault', () => {
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

  it('says the spec is silent on invalid UTF-8 bytes that server-everything accepts, and exits 0', async () => {
    const run = await fault(['invalid-utf8', ...everything]);
    expect(run.code).toBe(0);
    expect(run.verdict).toMatchObject({ verdict: { outcome: 'spec-silent', explanation: expect.stringMatching(/silent on what a receiver does.*-32700/) } });
  });

  it('grades the batch presets by the negotiated version: ignoring them is fine at 2025-11-25, a deviation at 2025-03-26', async () => {
    const at = async (version: string) => (await fault(['batch-one-invalid', '--protocol', version, '--timeout', '1000', ...everything])).verdict!.verdict;
    const [latest, older] = await Promise.all([at('2025-11-25'), at('2025-03-26')]);
    expect(latest).toMatchObject({ outcome: 'as-spec', explanation: expect.stringMatching(/2025-11-25 has no batches/) });
    expect(older).toMatchObject({ outcome: 'no-reply' });
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
    // No handshake waits for the server to start: a long wait, which the answer ends early.
    const run = await fault(['before-initialize', '--no-handshake', '--timeout', '15000', ...demo]);
    expect(run.verdict).toMatchObject({ verdict: { outcome: 'as-spec' } });
  });
});

/** Runs `--fault all` once and maps each preset to its verdict (one JSON line per preset). */
async function allVerdicts(args: string[]) {
  const run = await runCli(['call', '--fault', 'all', '--timeout', '2500', ...args]);
  const lines = run.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { preset: string; verdict: { outcome: string; explanation: string } });
  return { run, outcomes: Object.fromEntries(lines.map((l) => [l.preset, l.verdict.outcome])), lines };
}

describe.concurrent('the foreign Origin preset against a server that validates Origin', () => {
  let guarded: RemoteServer;
  beforeAll(async () => {
    guarded = await startRemoteServer(REMOTE_FIXTURE, [], { FIXTURE_ALLOWED_ORIGINS: 'http://127.0.0.1' });
  });
  afterAll(async () => {
    await guarded?.stop();
  });

  it('grades its 403 as the spec says at 2025-11-25, and a refusal as enough at 2025-06-18', async () => {
    const latest = await fault(['http-origin-foreign', '--url', guarded.url('/mcp')]);
    expect(latest.code, latest.stderr).toBe(0);
    expect(latest.verdict).toMatchObject({ verdict: { outcome: 'as-spec', explanation: expect.stringMatching(/^Answered 403 Forbidden/) } });
    const older = await fault(['http-origin-foreign', '--protocol', '2025-06-18', '--url', guarded.url('/mcp')]);
    expect(older.verdict).toMatchObject({ verdict: { outcome: 'as-spec' } });
  }, 60_000);
});

describe.concurrent('the DNS-rebinding presets, Origin and Host, against a server that guards both and one that guards neither', () => {
  let guarded: RemoteServer;
  let open: RemoteServer;
  beforeAll(async () => {
    [guarded, open] = await Promise.all([
      startRemoteServer(REMOTE_FIXTURE, [], { FIXTURE_ALLOWED_ORIGINS: 'http://127.0.0.1', FIXTURE_ALLOWED_HOSTS: '127.0.0.1,localhost' }),
      startRemoteServer(REMOTE_FIXTURE, []),
    ]);
  });
  afterAll(async () => {
    await Promise.all([guarded?.stop(), open?.stop()]);
  });

  it('says the spec is silent on a foreign Host, refused or served, and lint flags only the one served (info)', async () => {
    const refused = await fault(['http-host-foreign', '--lint', '--url', guarded.url('/mcp')]);
    expect(refused.verdict).toMatchObject({
      verdict: { outcome: 'spec-silent', explanation: expect.stringMatching(/^Answered 403 Forbidden.*silent on Host/) },
    });
    expect(refused.stderr).not.toContain('http/foreign-host-accepted');
    const served = await fault(['http-host-foreign', '--lint', '--url', open.url('/mcp')]);
    expect(served.verdict).toMatchObject({
      verdict: { outcome: 'spec-silent', explanation: expect.stringMatching(/^Answered 200 OK.*dns-rebinding-protection/) },
    });
    expect(served.stderr).toContain('"ruleId":"http/foreign-host-accepted","severity":"info"');
    // info never fails the call: the ping was answered, so the code is the result's.
    expect(served.code).toBe(0);
  }, 60_000);

  it('grades a served foreign Origin as a deviation, and lint says which MUST it breaks (error)', async () => {
    const served = await fault(['http-origin-foreign', '--lint', '--url', open.url('/mcp')]);
    expect(served.verdict).toMatchObject({ verdict: { outcome: 'deviates', explanation: expect.stringMatching(/^Accepted it \(200 OK/) } });
    expect(served.stderr).toContain('"ruleId":"http/foreign-origin-accepted","severity":"error"');
    const refused = await fault(['http-origin-foreign', '--lint', '--url', guarded.url('/mcp')]);
    expect(refused.verdict).toMatchObject({ verdict: { outcome: 'as-spec' } });
    expect(refused.stderr).not.toContain('http/foreign-origin-accepted');
  }, 60_000);
});

describe.concurrent('mcpscope call --fault all: every preset against the demo server, and server-everything over HTTP', () => {
  let server: RemoteServer;
  beforeAll(async () => {
    server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']);
  });
  afterAll(async () => {
    await server?.stop();
  });

  // server-everything's run of every stdio preset is test/integration/cli-own-conduct.test.ts's, which checks its
  // verdicts against the same table while it lints the run. Every stdio preset goes in three lists run side by side
  // (test/helpers/fault-lanes.ts): a whole run waits out a dozen 2.5 s windows of presets nothing answers.
  it('grades every stdio preset against the demo server as MCP-FACTS documents, one line each, exiting with the worst', async () => {
    const { runs, outcomes, lines } = await faultLanes(STDIO_VERDICTS, ['--timeout', '2500', ...demo]);
    expect(verdictMismatches(outcomes, STDIO_VERDICTS), runs.map((r) => r.stderr).join('\n')).toEqual([]);
    expect(lines.map((l) => l.preset)).toEqual(laneSlices(STDIO_VERDICTS, 3).flat());
    // Each list exits with the worst of its own verdicts: as the spec says or silent 0, deviates 1, no reply 3.
    const exitOf = { 'as-spec': 0, 'spec-silent': 0, deviates: 1, 'no-reply': 3 } as Record<string, number>;
    for (const run of runs) {
      expect(run.code).toBe(Math.max(...run.lines.map((l) => exitOf[l.verdict.outcome]!)));
    }
    expect(Math.max(...runs.map((r) => r.code ?? -1))).toBe(3);
    // The before-initialize preset (a fresh session, --no-handshake) is graded against the demo server above.
  }, 150_000);

  it('grades every preset, the raw HTTP exchanges included, against server-everything over Streamable HTTP', async () => {
    const { run, outcomes, lines } = await allVerdicts(['--url', server.url('/mcp')]);
    expect(verdictMismatches(outcomes, HTTP_VERDICTS), run.stderr).toEqual([]);
    const line = (id: string) => lines.find((l) => l.preset === id)!.verdict.explanation;
    expect(line('http-accept-missing')).toMatch(/406 Not Acceptable and JSON-RPC error -32000/);
    expect(line('http-session-unknown')).toMatch(/^Answered 400 Bad Request.*silent on an id it never issued/);
    expect(line('http-origin-foreign')).toMatch(/^Accepted it \(200 OK.*403 from 2025-11-25/);
  }, 150_000);

  it('runs one HTTP preset with --url, and refuses it on stdio', async () => {
    const run = await fault(['http-content-type-wrong', '--url', server.url('/mcp')]);
    expect(run.code).toBe(0);
    expect(run.verdict).toMatchObject({
      preset: 'http-content-type-wrong',
      verdict: { outcome: 'spec-silent', explanation: expect.stringMatching(/^Answered 415/) },
    });
    const refused = await fault(['http-put', ...demo]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--url/);
  }, 60_000);
});
