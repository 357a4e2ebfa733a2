// `mcpscope check` on server-everything over stdio, robustness presets included: its known deviations, each by name.
// It answers an unknown tool with an isError result (a warning: the spec gives the protocol-error channel only as an
// example) and, like every SDK server on stdio, stays silent on malformed frames (each robustness preset passes with an
// info note: the spec gives those answers without a keyword, and lint gives such silence no finding); the
// rest passes, its long-running tool included, except that the tool goes on working (and sending progress) after it
// was cancelled (a warning: the sentence is a SHOULD), and invalid params provoked on purpose get -32603 (a warning,
// lint's jsonrpc/invalid-params-as-internal-error); the HTTP checks have nothing to check. The presets run in four
// lanes (`--lanes 4`), each a connection and a server process of its own: a third of the time, and the lanes' test.
import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../../shared/check/index.js';
import { EVERYTHING_SERVER } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

describe('mcpscope check on server-everything over stdio', () => {
  it('passes but for its known deviations, each named', async () => {
    const run = await runCli(['check', '--json', '--lanes', '4', '--', process.execPath, EVERYTHING_SERVER, 'stdio']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as CheckReport;
    const byId = new Map(report.results.map((r) => [r.id, r]));
    // An unknown tool answered with isError: lint's mcp/unknown-tool-as-result, a sentence without a keyword: info in both.
    expect(byId.get('tools/unknown-tool')).toMatchObject({ status: 'pass', detail: expect.stringMatching(/^info \(no keyword\): .*isError result/) });
    for (const preset of ['invalid-json', 'wrong-jsonrpc', 'missing-method', 'null-id']) {
      expect([preset, byId.get(`robustness/${preset}`)?.status, byId.get(`robustness/${preset}`)?.detail]).toEqual([
        preset,
        'pass',
        expect.stringMatching(/^info \(no keyword\): Nothing came back/),
      ]);
    }
    expect(report.sessions.map((x) => x.name).filter((n) => n.startsWith('robustness'))).toEqual([
      'robustness',
      'robustness-2',
      'robustness-3',
      'robustness-4',
    ]);
    const lanesOf = new Set(report.results.filter((r) => r.group === 'robustness').map((r) => r.session));
    expect(lanesOf.size).toBe(4);
    expect(byId.get('http/origin-403')?.status).toBe('skip');
    expect(byId.get('tools/progress')).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(/^trigger-long-running-operation \{"duration":1,"steps":3\} sent 3 progress notification\(s\), increasing/),
    });
    expect(byId.get('tools/cancellation')).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/no answer in the \d+ ms after, but \d+ progress notification\(s\) after the cancellation/),
    });
    // Over stdio in the legacy era the HTTP and 2026-07-28 checks have nothing to check.
    for (const r of report.results.filter((x) => x.group === 'http' || x.group === 'modern')) expect([r.id, r.status]).toEqual([r.id, 'skip']);
    // Invalid params (tools/call without a name) get -32603 with a validation report, the SDK 1.x deviation lint names.
    expect(byId.get('lifecycle/invalid-params')).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/error -32603.*jsonrpc\/invalid-params-as-internal-error \(warning\)/),
    });
    expect(byId.get('lifecycle/unknown-method')?.status).toBe('pass');
    const deviations = new Set(['tools/cancellation', 'lifecycle/invalid-params']);
    const others = report.results.filter((r) => !deviations.has(r.id) && r.group !== 'robustness' && r.group !== 'http' && r.group !== 'modern');
    expect(others.filter((r) => r.status !== 'pass').map((r) => `${r.id}: ${r.status} ${r.detail}`)).toEqual([]);
    for (const id of ['lifecycle/ping', 'tools/call', 'resources/read', 'resources/subscribe', 'prompts/get', 'completion/complete', 'logging/set-level'])
      expect([id, byId.get(id)?.status]).toEqual([id, 'pass']);
  }, 240_000);
});
