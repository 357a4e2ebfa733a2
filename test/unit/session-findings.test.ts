import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER } from '../../web/lib/log/frame-filter.js';
import { MessageStore } from '../../web/lib/log/message-store.js';
import { frames, handshake, j, type Pair } from './lint/frames.js';

const TOOLS = { name: 'weather', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { t: { type: 'number' } }, required: ['t'] } };

function store(pairs: readonly Pair[]) {
  const s = new MessageStore();
  s.append('s1', frames(pairs));
  return { s, log: s.log('s1') };
}

describe('lint findings in the message store', () => {
  it('waits for the session target, then lints every frame already held and files findings under their frames', () => {
    const { s, log } = store([['in', 'Server listening on 3000'], ...handshake()]);
    expect(log.findings.all).toEqual([]);
    const before = s.versionOf('s1');
    s.configureLint('s1', { transport: 'stdio', protocolVersion: '2025-11-25' });
    expect(s.versionOf('s1')).toBeGreaterThan(before);
    expect(log.findings.frames.of(1).map((f) => f.ruleId)).toEqual(['framing/stdout-noise']);
    expect(log.findings.ruleGroups()).toMatchObject([{ ruleId: 'framing/stdout-noise', severity: 'error', count: 1, seqs: [1] }]);
  });

  it('lints frames incrementally as they are appended, one push per frame', () => {
    const { s, log } = store(handshake());
    s.configureLint('s1', { transport: 'stdio' });
    s.append(
      's1',
      frames(
        [
          ['out', j({ id: 1, method: 'ping' })],
          ['in', j({ id: 1, result: {} })],
          ['in', j({ id: 1, result: {} })],
        ],
        4,
      ),
    );
    expect(log.findings.all.map((f) => [f.ruleId, f.seq])).toEqual([['jsonrpc/duplicate-response', 6]]);
    expect(log.findings.countBySeverity()).toEqual({ error: 1, warning: 0, info: 0 });
  });

  it('counts a rule per finding and lists each frame once, worst severity first', () => {
    const { s, log } = store([['in', 'noise one'], ['in', 'noise two'], ...handshake(), ['in', j({ method: 'acme/custom' })]]);
    s.configureLint('s1', { transport: 'stdio' });
    expect(log.findings.ruleGroups().map((g) => [g.ruleId, g.count, g.seqs])).toEqual([
      ['framing/stdout-noise', 2, [1, 2]],
      ['mcp/unknown-method', 1, [6]],
    ]);
  });

  it('validates structuredContent with the CSP-safe validator, as the browser must', () => {
    const { s, log } = store([
      ...handshake(),
      ['out', j({ id: 1, method: 'tools/list' })],
      ['in', j({ id: 1, result: { tools: [TOOLS] } })],
      ['out', j({ id: 2, method: 'tools/call', params: { name: 'weather', arguments: {} } })],
      ['in', j({ id: 2, result: { content: [], structuredContent: { t: 'warm' } } })],
    ]);
    s.configureLint('s1', { transport: 'stdio' });
    expect(log.findings.frames.of(7)).toMatchObject([{ ruleId: 'mcp/structured-content-schema' }]);
    expect(log.findings.frames.of(7)[0]?.message).toContain('t');
  });

  it('rebuilds a "has findings" view when a finding lands on an earlier frame', () => {
    const { s, log } = store(handshake());
    s.configureLint('s1', { transport: 'stdio' });
    const filter = { ...EMPTY_FILTER, findings: true };
    s.append('s1', frames([['out', j({ id: 1, method: 'tools/list' })]], 4));
    expect(log.filtered(filter)).toEqual([]);
    // The server exits: only now is the request known to be unanswered.
    s.append('s1', frames([['relay', '{"event":"exited","code":1,"signal":null,"stderrTail":""}']], 5));
    expect(log.filtered(filter).map((e) => e.frame.seq)).toEqual([4]);
    expect(log.findings.frames.of(4).map((f) => f.ruleId)).toEqual(['jsonrpc/unanswered-request']);
  });

  it('starts a fresh MCP session in the linter after a restart, as the pairing does', () => {
    const { s, log } = store([
      ['relay', '{"event":"spawned","pid":1}'],
      ...handshake(),
      ['relay', '{"event":"exited","code":0}'],
      ['relay', '{"event":"spawned","pid":2}'],
      ...handshake(),
    ]);
    s.configureLint('s1', { transport: 'stdio' });
    expect(log.findings.all).toEqual([]);
  });

  it('keeps the version and transport an error arrived under, and the HTTP status that carried it', () => {
    const { s, log } = store([
      ...handshake('2025-06-18'),
      ['out', j({ id: 1, method: 'tools/list' })],
      ['in', j({ id: 1, error: { code: -32601, message: 'nope' } })],
      ['relay', JSON.stringify({ id: 'x1', request: { method: 'POST' }, response: { status: 404 }, receivedSeqs: [5] }), { kind: 'http', method: 'POST' }],
    ]);
    s.configureLint('s1', { transport: 'http', protocolVersion: '2025-11-25' });
    expect(log.findings.errorContextOf(5)).toEqual({ protocolVersion: '2025-06-18', transport: 'http' });
    expect(log.findings.httpStatusOf(5)).toBe(404);
    expect(log.findings.protocolVersion).toBe('2025-06-18');
  });

  it('relints from scratch when the target changes, without doubling findings', () => {
    const { s, log } = store([['in', 'not json']]);
    s.configureLint('s1', { transport: 'stdio' });
    s.configureLint('s1', { transport: 'stdio' });
    expect(log.findings.all).toHaveLength(1);
    s.configureLint('s1', { transport: 'ws' });
    expect(log.findings.all.map((f) => f.ruleId)).toEqual(['jsonrpc/not-json']);
    expect(log.findings.frames.of(1)).toHaveLength(1);
  });
  it('holds the lint while a replay delivers history, then lints it a slice per task with the same findings', async () => {
    const noisy: Pair[] = [
      ...handshake(),
      ...Array.from({ length: 1200 }, (_, i): Pair => [
        'in',
        j({ method: i % 2 ? 'acme/custom' : 'notifications/message', params: { level: 'info', data: i } }),
      ]),
    ];
    const s = new MessageStore();
    s.configureLint('s1', { transport: 'stdio' });
    s.holdLint('s1');
    s.append('s1', frames(noisy));
    const log = s.log('s1');
    // Counted and shown, not linted yet.
    expect(log.entries.length).toBe(noisy.length);
    expect(log.findings.all).toEqual([]);
    // A "has findings" view made now sees none; it must be rebuilt when the late findings land.
    const filter = { ...EMPTY_FILTER, findings: true };
    expect(log.filtered(filter)).toEqual([]);
    let notified = 0;
    s.subscribe(() => notified++);
    s.lintReplayed('s1');
    expect(log.findings.behind).toBe(true);
    // Each slice is a task of its own: the test yields a task at a time until the backlog is done.
    while (log.findings.behind) await new Promise((r) => setTimeout(r, 0));
    const { s: reference, log: whole } = store(noisy);
    reference.configureLint('s1', { transport: 'stdio' });
    expect(log.findings.all.length).toBeGreaterThan(500);
    expect(log.findings.all).toEqual(whole.findings.all);
    expect(log.filtered(filter).map((e) => e.frame.seq)).toEqual(whole.filtered(filter).map((e) => e.frame.seq));
    expect(log.filtered(filter).length).toBeGreaterThan(500);
    // One notification per slice: the page repaints between them.
    expect(notified).toBeGreaterThan(1);
    // Once released, frames arriving live are linted as they come.
    s.append('s1', frames([['in', j({ method: 'acme/custom' })]], noisy.length + 1));
    expect(log.findings.all.at(-1)).toMatchObject({ ruleId: 'mcp/unknown-method', seq: noisy.length + 1 });
  });
});
