// `mcpscope lint <file>`: the built CLI run as a real process over transcripts in each accepted form, and its exit codes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLint as lint } from '../helpers/lint-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpscope-lint-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const msg = (o: Record<string, unknown>) => ({ jsonrpc: '2.0', ...o });
const INIT = msg({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
const INIT_OK = msg({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } });
const INITIALIZED = msg({ method: 'notifications/initialized' });

/** A session whose server logs to stdout (an error) and answers ping twice (an error), in the direction/message form. */
const FAULTY = [
  { direction: 'client', message: INIT },
  { direction: 'server', message: INIT_OK },
  { direction: 'client', message: INITIALIZED },
  { direction: 'server', message: 'Listening on 3000' },
  { direction: 'client', message: msg({ id: 2, method: 'ping' }) },
  { direction: 'server', message: msg({ id: 2, result: {} }) },
  { direction: 'server', message: msg({ id: 2, result: {} }) },
];
const HANDSHAKE = [INIT, INIT_OK, INITIALIZED].map((m, i) => ({ dir: i === 1 ? 'in' : 'out', text: JSON.stringify(m) }));
/** Only a warning: a response after the request was cancelled (receivers SHOULD NOT send one). */
const WARNING_ONLY = HANDSHAKE.concat(
  { dir: 'out', text: JSON.stringify(msg({ id: 3, method: 'tools/list' })) },
  { dir: 'out', text: JSON.stringify(msg({ method: 'notifications/cancelled', params: { requestId: 3 } })) },
  { dir: 'in', text: JSON.stringify(msg({ id: 3, result: { tools: [] } })) },
);
/** Only info: a custom notification, which no version defines but none forbids. */
const INFO_ONLY = HANDSHAKE.concat({ dir: 'in', text: JSON.stringify(msg({ method: 'acme/custom_thing', params: { n: 1 } })) });
const jsonl = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';

// Each case is its own process; they run side by side.
describe.concurrent('mcpscope lint', () => {
  it('prints one JSON line per finding, in frame order, and exits 0 without --strict', async () => {
    const r = await lint([file('faulty.jsonl', jsonl(FAULTY))]);
    expect(r.code).toBe(0);
    expect(r.lines.map((l) => [l.ruleId, l.severity, l.seq])).toEqual([
      ['framing/stdout-noise', 'error', 4],
      ['jsonrpc/duplicate-response', 'error', 7],
    ]);
    expect(r.lines[1]).toMatchObject({ related: [5, 6] });
    expect(r.lines[0]!.message).toContain('Listening on 3000');
    expect(r.stderr).toContain('2 findings (2 error');
  });

  it('exits 4 with --strict when any finding is an error', async () => {
    const r = await lint(['--strict', file('strict.jsonl', jsonl(FAULTY))]);
    expect(r.code).toBe(4);
    expect(r.lines).toHaveLength(2);
  });

  it('exits 4 with --strict when the findings are only warnings, and 0 without it', async () => {
    const [strict, lax] = await Promise.all([
      lint(['--strict', file('warning.jsonl', jsonl(WARNING_ONLY))]),
      lint([file('warning-lax.jsonl', jsonl(WARNING_ONLY))]),
    ]);
    expect(strict.code).toBe(4);
    expect(strict.lines).toMatchObject([{ ruleId: 'mcp/message-after-cancel', severity: 'warning', seq: 6 }]);
    expect(lax.code).toBe(0);
  });

  it('exits 0 with --strict when the findings are only info', async () => {
    const r = await lint(['--strict', file('info.jsonl', jsonl(INFO_ONLY))]);
    expect(r.code).toBe(0);
    expect(r.lines).toMatchObject([{ ruleId: 'mcp/unknown-method', severity: 'info', seq: 4 }]);
  });

  it('reads the relay’s frame records as a JSON array, as {frames: […]} and from stdin', async () => {
    const frames = FAULTY.map((r, i) => {
      const text = typeof r.message === 'string' ? r.message : JSON.stringify(r.message);
      const kind = typeof r.message === 'string' ? 'noise' : 'method' in r.message ? ('id' in r.message ? 'request' : 'notification') : 'response';
      return { seq: i + 1, ts: 1000 + i, dir: r.direction === 'client' ? 'out' : 'in', kind, text, size: text.length, method: null, rpcId: null };
    });
    const [array, object, piped] = await Promise.all([
      lint(['--strict', file('frames.json', JSON.stringify(frames))]),
      lint(['--strict', file('frames-object.json', JSON.stringify({ frames }))]),
      lint(['-'], jsonl(frames)),
    ]);
    for (const r of [array, object]) expect([r.code, r.lines.map((l) => l.ruleId)]).toEqual([4, ['framing/stdout-noise', 'jsonrpc/duplicate-response']]);
    expect([piped.code, piped.lines.map((l) => l.ruleId)]).toEqual([0, ['framing/stdout-noise', 'jsonrpc/duplicate-response']]);
  });

  it('follows --transport and --protocol', async () => {
    // Over HTTP there is no stdout, so a non-JSON body is "not JSON" rather than stdout noise.
    const http = await lint(['--transport', 'http', file('http.jsonl', jsonl(FAULTY))]);
    expect(http.lines.map((l) => l.ruleId)).toEqual(['jsonrpc/not-json', 'jsonrpc/duplicate-response']);
    // Without a handshake in the file, the assumed version decides which methods exist.
    const complete = file(
      'complete.jsonl',
      jsonl([{ dir: 'in', text: JSON.stringify(msg({ method: 'notifications/elicitation/complete', params: { elicitationId: 'e1' } })) }]),
    );
    const [old, current] = await Promise.all([lint(['--protocol', '2025-06-18', complete]), lint(['--protocol', '2025-11-25', complete])]);
    expect(old.lines.map((l) => l.ruleId)).toEqual(['mcp/method-not-in-version']);
    expect(current.lines).toEqual([]);
  });

  it('exits 2 on usage errors and unreadable or malformed input, naming the problem', async () => {
    const cases: [string[], RegExp][] = [
      [[], /expected one transcript file/],
      [['--transport', 'carrier-pigeon', file('ok.jsonl', jsonl(FAULTY))], /--transport must be one of/],
      [['--protocol', '1999-01-01', file('ok2.jsonl', jsonl(FAULTY))], /--protocol must be one of/],
      [[join(dir, 'missing.jsonl')], /cannot read .*missing\.jsonl/],
      [[file('broken.jsonl', '{"dir":"out","text":"{}"}\nnot json at all\n')], /line 2: not JSON/],
      [[file('nodir.jsonl', '{"text":"{}"}\n')], /line 1: "dir" must be/],
    ];
    const runs = await Promise.all(cases.map(([args]) => lint(args)));
    runs.forEach((r, i) => {
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toMatch(cases[i]![1]);
    });
  });
});
