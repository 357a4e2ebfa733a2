// The judge against a hostile stdio server (test/fixtures/scripted-server.mjs): one that dies on a "jsonrpc":"1.0"
// frame and answers every error as {"code":"oops"}. `call --fault all` (the lab's verdict functions) and check's
// robustness presets grade it preset by preset with one severity each; its death is one "died" verdict with the exit
// code and the last stderr line, and the presets after it are graded on a fresh server, never "no reply"; check's
// own error checks fail the malformed error object (exit 1); over a URL (remote-server.mjs, FIXTURE_DIE_ON_JSONRPC) the
// death is seen as a refused connection. The processes run side by side (describe.concurrent).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../../shared/check/index.js';
import { ROOT } from '../helpers/relay-process.js';
import { REMOTE_FIXTURE, startRemoteServer } from '../helpers/remote-server.js';
import { runCli } from '../helpers/run-cli.js';

const SCRIPTED = join(ROOT, 'test', 'fixtures', 'scripted-server.mjs');
const HOSTILE = ['--', process.execPath, SCRIPTED, '--die-on-jsonrpc', '1.0', '--error-oops'];
const STATUS: Record<string, string> = { error: 'fail', warning: 'warn', info: 'pass', none: 'pass' };

interface FaultLine {
  preset: string;
  verdict: { outcome: string; explanation: string };
  severity: string | null;
  keyword: string | null;
}

async function check(args: string[]): Promise<{ code: number | null; report: CheckReport; stderr: string }> {
  const run = await runCli(['check', '--json', ...args]);
  return { code: run.code, report: JSON.parse(run.stdout || '{"results":[]}') as CheckReport, stderr: run.stderr };
}

describe.concurrent('the judge on a server that dies on one preset and answers errors malformed', () => {
  it('agrees between call --fault all and check, preset by preset, and grades the death once, then a fresh server', async () => {
    const [fault, checked] = await Promise.all([
      runCli(['call', '--fault', 'all', '--timeout', '2000', ...HOSTILE]),
      check(['--only', 'robustness', ...HOSTILE]),
    ]);
    const lines = fault.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as FaultLine);
    const robustness = checked.report.results.filter((r) => r.group === 'robustness');
    // The lab's lines and check's results: the same presets, each at one severity.
    const shared = robustness.filter((r) => lines.some((l) => `robustness/${l.preset}` === r.id));
    expect(shared.length).toBeGreaterThan(15);
    for (const r of shared) {
      const line = lines.find((l) => `robustness/${l.preset}` === r.id)!;
      expect([r.id, r.status]).toEqual([r.id, STATUS[line.severity ?? 'none']]);
    }
    // Died once, on the jsonrpc 1.0 frame: exit code and stderr first; nothing after it is a skip or "no reply" for want of a server.
    for (const died of [lines.filter((l) => l.verdict.outcome === 'died'), robustness.filter((r) => r.detail.startsWith('The server died'))]) {
      expect(died).toHaveLength(1);
    }
    const line = lines.find((l) => l.preset === 'wrong-jsonrpc')!;
    expect([line.verdict.outcome, line.severity, line.verdict.explanation]).toEqual([
      'died',
      'error',
      expect.stringMatching(
        /^The server died on the preset "Wrong jsonrpc \("1\.0"\)": the server exited \(code 7, signal -\)\. Its last stderr lines: "fatal: unsupported jsonrpc version 1\.0"/,
      ),
    ]);
    expect(fault.stderr).toMatch(/the server died on wrong-jsonrpc: the presets after it go to a fresh one/);
    const after = lines.slice(lines.indexOf(line) + 1);
    expect(after.length).toBeGreaterThan(5);
    expect(after.filter((l) => l.verdict.outcome === 'no-reply' && l.severity === 'error').map((l) => l.preset)).toEqual([]);
    const wrong = robustness.find((r) => r.id === 'robustness/wrong-jsonrpc')!;
    expect([wrong.status, wrong.session, wrong.spec.keyword]).toEqual(['fail', 'robustness', 'MUST']);
    const next = robustness[robustness.indexOf(wrong) + 1]!;
    expect([next.session, next.status === 'skip']).toEqual(['robustness-restart-1', false]);
    expect(checked.report.sessions.map((s) => s.name)).toEqual(['check', 'robustness', 'robustness-restart-1']);
    // The lab no longer reads {"code":"oops"} as a result: a malformed error object, the MUST of lint's rule.
    const unknown = lines.find((l) => l.preset === 'unknown-method')!;
    expect([unknown.verdict.outcome, unknown.severity, unknown.keyword, unknown.verdict.explanation]).toEqual([
      'deviates',
      'error',
      'MUST',
      expect.stringMatching(/malformed error object/),
    ]);
    expect(unknown.verdict.explanation).not.toMatch(/answered a result/);
    // The worst line: duplicate-id is not sent (the fixture lists no slow tool), which call reports as no reply (3).
    expect(fault.code).toBe(3);
    expect(checked.code).toBe(1);
  }, 120_000);

  it('fails check (exit 1) when every error is {"code":"oops"}: the errors it provokes on its main connection', async () => {
    const { code, report } = await check(['--no-robustness', '--only', 'lifecycle,tools', ...HOSTILE]);
    for (const id of ['lifecycle/unknown-method', 'lifecycle/invalid-params', 'tools/unknown-tool']) {
      const r = report.results.find((x) => x.id === id);
      expect([id, r?.status, r?.spec.keyword, r?.detail]).toEqual([id, 'fail', 'MUST', expect.stringMatching(/malformed error object \{"code":"oops"\}/)]);
    }
    expect(code).toBe(1);
  }, 60_000);

  it('warns on a listed tool failing with -32603 (the SHOULD on isError) and notes a declared capability answered -32601', async () => {
    const { code, report } = await check([
      '--no-robustness',
      '--only',
      'tools/call,resources/templates',
      '--',
      process.execPath,
      SCRIPTED,
      '--tool-internal-error',
      '--templates-not-found',
    ]);
    const call = report.results.find((r) => r.id === 'tools/call')!;
    expect([call.status, call.spec.keyword, call.detail]).toEqual([
      'warn',
      'SHOULD',
      expect.stringMatching(/lookup: error -32603 .*lint mcp\/tool-failure-channel \(warning\)/),
    ]);
    const templates = report.results.find((r) => r.id === 'resources/templates')!;
    expect([templates.status, templates.detail]).toEqual(['pass', expect.stringMatching(/^info: resources\/templates\/list got error -32601/)]);
    expect(code).toBe(0);
  }, 60_000);

  it('learns the versions a server accepts and flags an unsupported offer answered with its oldest (SHOULD), or echoed (MUST)', async () => {
    const only = ['--no-robustness', '--only', 'lifecycle/version-support,lifecycle/unsupported-version', '--', process.execPath, SCRIPTED];
    const supports = ['--versions', '2025-03-26,2025-06-18,2025-11-25'];
    const [oldest, latest, echo] = await Promise.all([
      check([...only, ...supports, '--pick', 'oldest']),
      check([...only, ...supports, '--pick', 'latest']),
      check(only),
    ]);
    const of = (r: Awaited<ReturnType<typeof check>>, id: string) => r.report.results.find((x) => x.id === `lifecycle/${id}`)!;
    const offers = (got: string) => `"1999-01-01" → ${got}; "2099-01-01" → ${got}; "mcpscope-not-a-version" → ${got}`;
    expect([of(oldest, 'version-support').status, of(oldest, 'version-support').spec.keyword, of(oldest, 'version-support').detail]).toEqual([
      'warn',
      'SHOULD',
      `accepts 2025-03-26, 2025-06-18, 2025-11-25; unsupported offers: ${offers('2025-03-26')}: not the latest it supports (2025-11-25)`,
    ]);
    expect(of(oldest, 'version-support').spec.quote).toContain('This SHOULD be the latest version supported by the server.');
    expect(of(oldest, 'unsupported-version').status).toBe('pass');
    expect([of(latest, 'version-support').status, of(latest, 'version-support').detail]).toEqual([
      'pass',
      `accepts 2025-03-26, 2025-06-18, 2025-11-25; unsupported offers: ${offers('2025-11-25')} (the latest is 2025-11-25)`,
    ]);
    expect(of(latest, 'unsupported-version')).toMatchObject({ status: 'pass', detail: offers('2025-11-25') });
    // The echo server gives back whatever it is offered: the past, the future and a string that is no date all fail the MUST.
    const echoed = of(echo, 'unsupported-version');
    expect([echoed.status, echoed.spec.keyword, echoed.detail]).toEqual([
      'fail',
      'MUST',
      '"1999-01-01" → "1999-01-01"; "2099-01-01" → "2099-01-01"; "mcpscope-not-a-version" → "mcpscope-not-a-version": "1999-01-01", "2099-01-01", "mcpscope-not-a-version" echoed back, a version the server cannot support',
    ]);
    expect(of(echo, 'version-support')).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(/^accepts 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25; /),
    });
    expect([oldest.code, latest.code, echo.code]).toEqual([0, 0, 1]);
  }, 90_000);

  it('over a URL, says the server died when its endpoint refuses the connection, and that it cannot be reached again', async () => {
    const server = await startRemoteServer(REMOTE_FIXTURE, [], { FIXTURE_DIE_ON_JSONRPC: '1.0' });
    try {
      const run = await runCli(['call', '--fault', 'all', '--timeout', '2000', '--url', server.url('/mcp')]);
      const lines = run.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as FaultLine);
      const died = lines.filter((l) => l.verdict.outcome === 'died');
      expect(died.map((l) => [l.severity, l.verdict.explanation])).toEqual([
        ['error', expect.stringMatching(/or the one before it \(its endpoint refused this preset's connection\): the connection was refused/)],
      ]);
      // Died on the jsonrpc 1.0 frame (its POST got no answer), seen on the next preset's refused connection.
      expect(lines.map((l) => l.preset).slice(-2)).toEqual(['wrong-jsonrpc', died[0]!.preset]);
      expect(run.stderr).toMatch(/the server could not be reached again after it died/);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
