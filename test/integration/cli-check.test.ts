// `mcpscope check` against real servers: the demo passes, server-everything over Streamable HTTP fails the checks
// of its known deviations (each named), and faults of the faulty fixture each fail the check they belong to.
// Each test is its own `mcpscope check` process, mostly waiting on the server (progress, cancellation, timeouts):
// they run side by side (describe.concurrent, vitest's maxConcurrency of 5), which cuts the file's wall time by ~3.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator, type Schema } from '@cfworker/json-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../shared/check/index.js';
import { CHECK_ONLY_FAULTS } from '../fixtures/faulty-faults.js';
import { FAULTY_SERVER } from '../helpers/faulty-session.js';
import { junitSchemaErrors } from '../helpers/junit-schema.js';
import { DEMO_SERVER as DEMO, ROOT } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, REMOTE_FIXTURE, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { runCli } from '../helpers/run-cli.js';

async function check(args: string[]): Promise<{ code: number | null; report: CheckReport; stderr: string }> {
  const run = await runCli(['check', '--json', ...args]);
  return { code: run.code, report: run.stdout ? (JSON.parse(run.stdout) as CheckReport) : ({ results: [] } as unknown as CheckReport), stderr: run.stderr };
}
/** The schema the package ships for `--json` (schemas/check-report.v1.json): what a CI job validates the report with. */
const REPORT_SCHEMA = new Validator(JSON.parse(readFileSync(join(ROOT, 'schemas', 'check-report.v1.json'), 'utf8')) as Schema, '2020-12');
const statusOf = (report: CheckReport, id: string) => report.results.find((r) => r.id === id)?.status;

describe.concurrent('mcpscope check on the demo server', () => {
  it('passes every check it runs, and says which frames show each', async () => {
    const { code, report } = await check(['--no-robustness', '--', process.execPath, DEMO]);
    expect(report.results.filter((r) => r.status === 'fail')).toEqual([]);
    expect(code).toBe(0);
    expect(REPORT_SCHEMA.validate(report).errors).toEqual([]);
    for (const id of [
      'lifecycle/initialize-result',
      'lifecycle/unsupported-version',
      'lifecycle/ping',
      'tools/list',
      'tools/call',
      'resources/read',
      'prompts/get',
      'completion/complete',
      'logging/set-level',
    ]) {
      expect([id, statusOf(report, id)]).toEqual([id, 'pass']);
    }
    const ping = report.results.find((r) => r.id === 'lifecycle/ping')!;
    expect(ping.session).toBe('check');
    expect(ping.frames.length).toBeGreaterThanOrEqual(2);
    expect(report.results.find((r) => r.id === 'lifecycle/unsupported-version')!.session).toBe('unsupported-version');
    // Over stdio the HTTP checks have nothing to check.
    expect(statusOf(report, 'http/origin-403')).toBe('skip');
  }, 120_000);
});

describe.concurrent('mcpscope check on server-everything over Streamable HTTP', () => {
  let server: RemoteServer;
  beforeAll(async () => {
    server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("finds its known deviations by name: no Origin (nor Host) validation, DELETE then 400 not 404, isError for an unknown tool, work going on after cancellation, another stream's answer replayed on resumption", async () => {
    const junit = join(mkdtempSync(join(tmpdir(), 'mcpscope-check-')), 'check.xml');
    const { code, report } = await check(['--no-robustness', '--junit', junit, '--url', server.url('/mcp')]);
    expect(REPORT_SCHEMA.validate(report).errors).toEqual([]);
    const origin = report.results.find((r) => r.id === 'http/origin-403')!;
    expect(origin.status).toBe('fail');
    expect(origin.detail).toMatch(/got 200/);
    expect(origin.spec).toMatchObject({ keyword: 'MUST', quote: expect.stringMatching(/403 Forbidden/) });
    expect(origin.frames.length).toBeGreaterThan(0);
    // It serves a foreign Host too: where the spec is silent (it names only Origin), lint's info, and check says the same.
    expect(report.results.find((r) => r.id === 'http/host-rebinding')).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(/^info \(no keyword\): .*got 200 OK/),
    });
    expect(report.results.find((r) => r.id === 'http/delete-session')!.detail).toMatch(/got 400, not 404/);
    expect(report.results.find((r) => r.id === 'tools/unknown-tool')).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(/^info \(no keyword\): .*isError result/),
    });
    // The long-running tool is read-only: it is called, and its progress keeps the call alive past the timeout.
    expect(statusOf(report, 'tools/call')).toBe('pass');
    // Its progress increases and stops with the response; cancelled, it sends no answer but goes on sending progress.
    expect(statusOf(report, 'tools/progress')).toBe('pass');
    expect(report.results.find((r) => r.id === CHECK_ONLY_FAULTS['--answer-cancelled'])).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/but \d+ progress notification\(s\) after the cancellation/),
    });
    // Resumed with Last-Event-ID, its event store replays every later event of the session, the other stream's too.
    expect(report.results.find((r) => r.id === 'http/sse-resumption')).toMatchObject({
      status: 'fail',
      session: 'resumption',
      detail: expect.stringMatching(/replayed the answer to ping \d+, which was delivered on another stream/),
    });
    expect(code).toBe(1);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(
      /<testcase classname="mcpscope\.check\.http" name="http\/origin-403" time="\d+\.\d{3}"><failure type="fail" message="Origin: https:\/\/mcpscope-check\.invalid got 200/,
    );
    expect(await junitSchemaErrors(xml)).toEqual([]);
  }, 120_000);
});

describe.concurrent('mcpscope check on DNS rebinding, Origin and Host, against a fixture that guards both and one that guards neither', () => {
  let guarded: RemoteServer;
  let open: RemoteServer;
  beforeAll(async () => {
    [guarded, open] = await Promise.all([
      startRemoteServer(REMOTE_FIXTURE, [], { FIXTURE_ALLOWED_ORIGINS: 'http://127.0.0.1', FIXTURE_ALLOWED_HOSTS: '127.0.0.1,localhost' }),
      startRemoteServer(REMOTE_FIXTURE),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([guarded?.stop(), open?.stop()]);
  });

  it('passes both where both are refused, and grades a served Host by a silent spec (info, as lint does) but a served Origin by its MUST (fail)', async () => {
    const only = ['--only', 'http/origin-403,http/host-rebinding'];
    const good = await check([...only, '--url', guarded.url('/mcp')]);
    expect(statusOf(good.report, 'http/origin-403')).toBe('pass');
    expect(good.report.results.find((r) => r.id === 'http/host-rebinding')).toMatchObject({
      status: 'pass',
      detail: 'Host: rebinding.mcpscope.invalid got 403',
    });
    expect(good.code).toBe(0);
    const bad = await check([...only, '--url', open.url('/mcp')]);
    expect(statusOf(bad.report, 'http/origin-403')).toBe('fail');
    const host = bad.report.results.find((r) => r.id === 'http/host-rebinding')!;
    expect(host).toMatchObject({ status: 'pass', detail: expect.stringMatching(/^info \(no keyword\): .*got 200 OK: the request was served/) });
    expect(host.spec).toMatchObject({
      keyword: 'silent',
      quote: expect.stringMatching(/silent on the Host header.*dns-rebinding-protection.*\(lint: http\/foreign-host-accepted\)/),
    });
    expect(host.frames.length).toBeGreaterThan(0);
  }, 120_000);
});

describe.concurrent('mcpscope check on the SDK fixture over Streamable HTTP (an event store kept per stream)', () => {
  let server: RemoteServer;
  beforeAll(async () => {
    server = await startRemoteServer(REMOTE_FIXTURE);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('resumes a stream cut after its priming event: the GET with Last-Event-ID replays its answer and nothing else', async () => {
    const { report } = await check(['--no-robustness', '--only', 'http', '--url', server.url('/mcp')]);
    const r = report.results.find((x) => x.id === 'http/sse-resumption')!;
    expect([r.status, r.detail]).toEqual([
      'pass',
      expect.stringMatching(/cut after event \S+; the GET with Last-Event-ID replayed its answer, and nothing from the other stream/),
    ]);
    expect(r.frames.length).toBeGreaterThanOrEqual(4);
  }, 60_000);

  it('skips resumption where the server answers with JSON, not a stream', async () => {
    const { report } = await check(['--no-robustness', '--only', 'http/sse-resumption', '--url', server.url('/post-only')]);
    expect(report.results.find((x) => x.id === 'http/sse-resumption')).toMatchObject({
      status: 'skip',
      detail: expect.stringMatching(/application\/json, not an SSE stream/),
    });
  }, 60_000);
});

describe.concurrent('mcpscope check in the 2026-07-28 era', () => {
  const V2_SERVER = join(ROOT, 'test', 'fixtures', 'sdk-v2-server.mjs');

  it('passes the SDK v2 server over stdio: server/discover, a request without the protocol _meta refused, resultType everywhere', async () => {
    const { code, report } = await check(['--era', 'modern', '--no-robustness', '--', process.execPath, V2_SERVER, '--stdio']);
    expect(report.protocolVersion).toBe('2026-07-28');
    for (const id of ['modern/discover', 'modern/request-meta', 'modern/result-type', 'tools/list', 'resources/read'])
      expect([id, statusOf(report, id)]).toEqual([id, 'pass']);
    // What 2026-07-28 removed is skipped, saying so.
    expect(report.results.find((r) => r.id === 'lifecycle/ping')).toMatchObject({ status: 'skip', detail: '2026-07-28 removed ping' });
    expect(report.results.find((r) => r.id === 'resources/subscribe')).toMatchObject({
      status: 'skip',
      detail: expect.stringMatching(/subscriptions\/listen/),
    });
    expect(code).toBe(0);
  }, 60_000);

  it('says why it cannot run --era modern against a server that only speaks initialize', async () => {
    const { code, stderr } = await check(['--era', 'modern', '--', process.execPath, DEMO]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/could not run: .*Method not found.*--era auto falls back to initialize/);
  }, 60_000);
});

describe.concurrent('mcpscope check on the faulty fixture', () => {
  // Each fault → the check it must fail; without the fault the same check passes.
  const CASES = [
    ['--tool-without-input-schema', 'tools/input-schema'],
    ['--bad-structured-content', 'tools/call'],
    ['--result-and-error', 'lifecycle/ping'],
    ['--unknown-protocol-version', 'lifecycle/version-negotiation'],
    ['--progress-not-increasing', 'tools/progress'],
  ] as const;

  // Each run asks for its own check only (`--only <id>`): a whole `lifecycle,tools` run waits about 5 s on progress and
  // cancellation, this one under a second. What a whole run attributes is checked by --unmatched-response below.
  it('passes those checks when no fault is switched on', async () => {
    const { report } = await check([
      '--no-robustness',
      '--only',
      CASES.map(([, id]) => id).join(','),
      '--allow-tools',
      'all',
      '--',
      process.execPath,
      FAULTY_SERVER,
    ]);
    for (const [, id] of CASES) expect([id, statusOf(report, id)]).toEqual([id, 'pass']);
  }, 60_000);

  it.each(CASES)(
    'fails %s on %s',
    async (fault, id) => {
      const { code, report } = await check(['--no-robustness', '--only', id, '--allow-tools', 'all', '--', process.execPath, FAULTY_SERVER, fault]);
      expect(statusOf(report, id)).toBe('fail');
      expect(code).toBe(1);
    },
    60_000,
  );

  it('warns on tools/cancellation when countdown answers after it was cancelled (the sentence is a SHOULD)', async () => {
    const { code, report } = await check(['--no-robustness', '--only', 'tools', '--', process.execPath, FAULTY_SERVER, '--answer-cancelled']);
    expect(report.results.find((r) => r.id === CHECK_ONLY_FAULTS['--answer-cancelled'])).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/answered \d+ ms after notifications\/cancelled/),
    });
    expect(statusOf(report, 'tools/progress')).toBe('pass');
    expect(code).toBe(0);
  }, 60_000);

  // The rest of the fixture's faults, each → the check it fails (measured; the linter's finding marks the check whose
  // frame it is about, or a transcript/<family> result when no check owns the frame).
  const MORE = [
    ['--bad-utf8', 'transcript/framing'],
    ['--noise', 'lifecycle/initialize-result'],
    ['--not-object', 'lifecycle/initialize-result'],
    ['--empty-batch', 'lifecycle/initialize-result'],
    ['--request-before-initialized', 'lifecycle/initialize-result'],
    ['--respond-to-notification', 'lifecycle/initialize-result'],
    ['--no-jsonrpc', 'lifecycle/ping'],
    ['--wrong-version', 'lifecycle/ping'],
    ['--string-error-code', 'lifecycle/ping'],
    ['--reserved-error-code', 'lifecycle/ping'],
    ['--error-code-from-other-version', 'lifecycle/ping'],
    ['--duplicate-response', 'lifecycle/ping'],
    ['--unanswered', 'lifecycle/ping'],
    ['--progress-after-response', 'tools/call'],
    ['--progress-not-increasing', 'tools/call'],
    ['--progress-unknown-token', 'tools/call'],
    ['--method-not-string', 'transcript/jsonrpc'],
    ['--invalid-id-type', 'transcript/jsonrpc'],
    ['--null-id-request', 'transcript/jsonrpc'],
    ['--fractional-id', 'transcript/jsonrpc'],
    ['--params-not-structured', 'transcript/jsonrpc'],
    ['--reserved-method', 'transcript/jsonrpc'],
    ['--id-reused-in-flight', 'transcript/jsonrpc'],
    ['--capability-not-declared', 'transcript/mcp'],
    ['--sampling-without-capability', 'transcript/mcp'],
    ['--method-not-in-version', 'transcript/mcp'],
    ['--batch-not-in-version', 'transcript/mcp'],
  ] as const;

  // Each runs the checks whose frames carry its fault: the lifecycle group (the handshake and ping, where the fixture
  // misbehaves and where a transcript/<family> result collects what no check owns), or the one check it names. A
  // whole run spends about 5 s waiting on progress and cancellation that these faults do not touch; --unanswered
  // waits out its ping, so with a 3 s timeout instead of 10.
  const onlyFor = (id: string) => (id.startsWith('lifecycle/') || id.startsWith('transcript/') ? ['--only', 'lifecycle'] : ['--only', id]);
  it.each(MORE)(
    'fails %s on %s',
    async (fault, id) => {
      const timeout = fault === '--unanswered' ? ['--timeout', '3000'] : [];
      const { code, report } = await check([
        '--no-robustness',
        ...onlyFor(id),
        ...timeout,
        '--allow-tools',
        'all',
        '--',
        process.execPath,
        FAULTY_SERVER,
        fault,
      ]);
      expect([fault, statusOf(report, id)]).toEqual([fault, 'fail']);
      expect(code).toBe(1);
    },
    60_000,
  );

  // Graded by lint's rule on the same frame, as lint grades it: a tool failure on the protocol channel is the SHOULD on
  // isError (a warning, never the outputSchema MUST), a declared capability answered -32601 is info (a pass, noted).
  it.each([
    ['--business-error-as-protocol-error', 'tools/call', 'warn', 'SHOULD', /mcp\/tool-failure-channel \(warning\)/],
    ['--validation-error-as-32603', 'tools/call', 'warn', 'SHOULD', /jsonrpc\/invalid-params-as-internal-error \(warning\)/],
    ['--declared-capability-unsupported', 'logging/set-level', 'pass', 'REQUIRED', /^info: .*mcp\/declared-capability-unsupported/],
  ] as const)(
    'grades %s on %s as lint does',
    async (fault, id, status, keyword, detail) => {
      const { code, report } = await check(['--no-robustness', '--only', id, '--allow-tools', 'all', '--', process.execPath, FAULTY_SERVER, fault]);
      const r = report.results.find((x) => x.id === id);
      expect([fault, r?.status, r?.spec.keyword, r?.detail]).toEqual([fault, status, keyword, expect.stringMatching(detail)]);
      expect(code).toBe(0);
    },
    60_000,
  );

  // The fixture writes ping's answer and the stray response (id 999) in one write, which a pipe delivers whole: the
  // stray lands in ping's frames however loaded the machine. (As two writes it once fell into tools/list's window.)
  it('fails --unmatched-response on lifecycle/ping', async () => {
    const { code, report } = await check(['--no-robustness', '--allow-tools', 'all', '--', process.execPath, FAULTY_SERVER, '--unmatched-response']);
    const owner = report.results.find((r) => r.detail.includes('jsonrpc/unmatched-response'));
    const problems = report.results.filter((r) => r.status === 'fail' || r.status === 'warn').map((r) => `${r.id} ${r.status}: ${r.detail.slice(0, 200)}`);
    expect([owner?.id, owner?.status], problems.join('\n')).toEqual(['lifecycle/ping', 'fail']);
    expect(code).toBe(1);
  }, 60_000);

  it('exits 2 when the server cannot be started', async () => {
    const { code, stderr } = await check(['--', join(ROOT, 'no-such-server')]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/mcpscope check: could not run/);
  }, 30_000);
});
