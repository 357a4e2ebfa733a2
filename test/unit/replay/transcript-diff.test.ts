import { describe, expect, it } from 'vitest';
import { formatDiff } from '../../../shared/replay/format-diff.js';
import { diffTranscripts } from '../../../shared/replay/transcript-diff.js';
import type { DiffFrame } from '../../../shared/replay/message-keys.js';
import { classifyText, idKey } from '../../../shared/jsonrpc.js';

/** Frames from (dir, message) pairs, classified the way the relay does it. */
function run(...msgs: Array<['out' | 'in', unknown]>): DiffFrame[] {
  return msgs.map(([dir, m], i) => {
    const text = typeof m === 'string' ? m : JSON.stringify(m);
    const c = classifyText(text);
    return { seq: i + 1, dir, kind: c.kind, text, method: c.method ?? null, rpcId: c.hasId ? idKey(c.id) : null };
  });
}

const req = (id: number | string, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
const res = (id: number | string, result: unknown) => ({ jsonrpc: '2.0', id, result });
const note = (method: string, params?: unknown) => ({ jsonrpc: '2.0', method, ...(params ? { params } : {}) });

describe('diffing two transcripts', () => {
  it('finds two runs identical when only ids, timestamps, session ids and cursors differ', () => {
    const a = run(
      ['out', req(1, 'tools/list')],
      ['in', res(1, { tools: [], nextCursor: 'c1', sessionId: 's-1' })],
      ['in', note('notifications/message', { data: 'at 2026-01-02T03:04:05Z', timestamp: 1 })],
    );
    const b = run(
      ['out', req(7, 'tools/list')],
      ['in', res(7, { tools: [], nextCursor: 'c9', sessionId: 's-2' })],
      ['in', note('notifications/message', { data: 'at 2027-11-12T13:14:15.5Z', timestamp: 2 })],
    );
    const d = diffTranscripts(a, b);
    expect(d.identical).toBe(true);
    expect(d.summary).toEqual({ same: 3, changed: 0, added: 0, removed: 0, oldMessages: 3, newMessages: 3 });
  });

  it('reports ids, timestamps, session ids and cursors once told not to ignore them', () => {
    const a = run(['out', req(1, 'ping')], ['in', res(1, { nextCursor: 'a' })]);
    const b = run(['out', req(2, 'ping')], ['in', res(2, { nextCursor: 'b' })]);
    const d = diffTranscripts(a, b, { ignoreIds: false, ignoreCursors: false });
    expect(d.entries.map((e) => [e.label, e.changes.map((c) => c.path)])).toEqual([
      ['→ ping #1', ['id']],
      ['← answer to ping #1', ['id', 'result.nextCursor']],
    ]);
  });

  it('pairs answers by the request they answer, so a changed tool result shows as one member change', () => {
    const call = (id: number) => req(id, 'tools/call', { name: 'divide', arguments: { a: 1, b: 0 } });
    const a = run(['out', call(1)], ['in', res(1, { content: [{ type: 'text', text: 'Cannot divide' }], isError: true })]);
    const b = run(['out', call(1)], ['in', res(1, { content: [{ type: 'text', text: 'Refusing to divide' }], isError: true })]);
    const d = diffTranscripts(a, b);
    expect(d.entries).toEqual([
      {
        status: 'changed',
        label: '← answer to tools/call divide #1',
        dir: 'in',
        oldSeq: 2,
        newSeq: 2,
        changes: [{ path: 'result.content[0].text', change: 'changed', old: 'Cannot divide', new: 'Refusing to divide' }],
      },
    ]);
    expect(formatDiff(d)).toBe(
      '~ ← answer to tools/call divide #1  (old #2, new #2)\n    result.content[0].text: "Cannot divide" → "Refusing to divide"\ndiffers: 1 same, 1 changed, 0 added, 0 removed (old run 2 messages, new run 2)\n',
    );
  });

  it('shows a result that became an error as a changed answer, not as unrelated messages', () => {
    const d = diffTranscripts(
      run(['out', req(1, 'ping')], ['in', res(1, {})]),
      run(['out', req(1, 'ping')], ['in', { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } }]),
    );
    expect(d.entries[0]).toMatchObject({
      status: 'changed',
      changes: [
        { path: 'result', change: 'removed' },
        { path: 'error', change: 'added' },
      ],
    });
  });

  it('takes an error with a null id as the answer to the latest open request', () => {
    const a = run(['out', req(1, 'initialize')], ['in', res(1, { protocolVersion: 'x' })]);
    const b = run(['out', req(1, 'initialize')], ['in', { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Unauthorized' } }]);
    expect(diffTranscripts(a, b).entries).toMatchObject([
      { status: 'changed', label: '← answer to initialize #1', changes: [{ path: 'id', old: '<id>', new: null }, { path: 'result' }, { path: 'error' }] },
    ]);
  });

  it('lists notifications that appear or disappear as added or removed', () => {
    const a = run(['out', req(1, 'ping')], ['in', note('notifications/message', { data: 'x' })], ['in', res(1, {})]);
    const b = run(['out', req(1, 'ping')], ['in', res(1, {})], ['in', note('notifications/tools/list_changed')]);
    const d = diffTranscripts(a, b);
    expect(d.entries.map((e) => [e.status, e.label])).toEqual([
      ['removed', '← notifications/message'],
      ['added', '← notifications/tools/list_changed'],
    ]);
  });

  it('ignores members by dotted path with * wildcards, and compares stderr only when asked', () => {
    const a = [
      ...run(['out', req(1, 'x')], ['in', res(1, { content: [{ text: 'a' }, { text: 'b' }] })]),
      { seq: 3, dir: 'in' as const, kind: 'stderr' as const, text: 'pid 1', method: null, rpcId: null },
    ];
    const b = [
      ...run(['out', req(1, 'x')], ['in', res(1, { content: [{ text: 'c' }, { text: 'd' }] })]),
      { seq: 3, dir: 'in' as const, kind: 'stderr' as const, text: 'pid 2', method: null, rpcId: null },
    ];
    expect(diffTranscripts(a, b, { ignorePaths: ['result.content.*.text'] }).identical).toBe(true);
    expect(diffTranscripts(a, b, { ignorePaths: ['result.content.*.text'], includeStderr: true }).entries).toMatchObject([
      { label: '← stderr', changes: [{ path: '', old: 'pid 1', new: 'pid 2' }] },
    ]);
  });

  it('compares noise lines as text', () => {
    const d = diffTranscripts(run(['in', 'oops, not json']), run(['in', 'oops, still not json']));
    expect(d.entries).toMatchObject([{ status: 'changed', label: '← noise' }]);
  });

  it('finds no difference when a notification comes before the answer in one run and after it in the other', () => {
    const a = run(['out', req(1, 'tools/call', { name: 'log' })], ['in', note('notifications/message', { data: 'x' })], ['in', res(1, { content: [] })]);
    const b = run(['out', req(1, 'tools/call', { name: 'log' })], ['in', res(1, { content: [] })], ['in', note('notifications/message', { data: 'x' })]);
    expect(diffTranscripts(a, b)).toMatchObject({ identical: true, summary: { same: 3 } });
  });

  it('pairs back-to-back requests by method and params, whichever answer comes first', () => {
    const a = run(
      ['out', req(1, 'tools/list')],
      ['in', res(1, { tools: [] })],
      ['out', req(2, 'tools/call', { name: 'echo' })],
      ['in', res(2, { content: [{ type: 'text', text: 'e' }] })],
    );
    const b = run(
      ['out', req(1, 'tools/list')],
      ['out', req(2, 'tools/call', { name: 'echo' })],
      ['in', res(2, { content: [{ type: 'text', text: 'e' }] })],
      ['in', res(1, { tools: [] })],
    );
    expect(diffTranscripts(a, b).identical).toBe(true);
  });

  it('pairs identical requests in order even when other requests sit between them differently', () => {
    const a = run(
      ['out', req(1, 'ping')],
      ['out', req(2, 'tools/list')],
      ['out', req(3, 'ping')],
      ['in', res(1, {})],
      ['in', res(2, { tools: [] })],
      ['in', res(3, {})],
    );
    const b = run(
      ['out', req(5, 'tools/list')],
      ['out', req(6, 'ping')],
      ['out', req(7, 'ping')],
      ['in', res(7, {})],
      ['in', res(6, {})],
      ['in', res(5, { tools: [] })],
    );
    expect(diffTranscripts(a, b).identical).toBe(true);
  });

  it('takes a list result in another order as the same, and names a changed element by its key', () => {
    const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: 'object' } });
    const a = run(['out', req(1, 'tools/list')], ['in', res(1, { tools: [tool('a', 'first'), tool('b', 'second')] })]);
    const b = run(['out', req(1, 'tools/list')], ['in', res(1, { tools: [tool('b', 'second'), tool('a', 'first')] })]);
    expect(diffTranscripts(a, b).identical).toBe(true);
    const c = run(['out', req(1, 'tools/list')], ['in', res(1, { tools: [tool('b', 'second!'), tool('c', 'third')] })]);
    expect(diffTranscripts(a, c).entries).toEqual([
      expect.objectContaining({
        status: 'changed',
        label: '← answer to tools/list #1',
        changes: [
          { path: 'result.tools[name="a"]', change: 'removed', old: tool('a', 'first') },
          { path: 'result.tools[name="b"].description', change: 'changed', old: 'second', new: 'second!' },
          { path: 'result.tools[name="c"]', change: 'added', new: tool('c', 'third') },
        ],
      }),
    ]);
  });

  it("keeps the order of a tool result's content, where order carries meaning", () => {
    const text = (t: string) => ({ type: 'text', text: t });
    const a = run(['out', req(1, 'tools/call', { name: 'x' })], ['in', res(1, { content: [text('1'), text('2')] })]);
    const b = run(['out', req(1, 'tools/call', { name: 'x' })], ['in', res(1, { content: [text('2'), text('1')] })]);
    expect(diffTranscripts(a, b).entries[0]!.changes.map((c) => c.path)).toEqual(['result.content[0].text', 'result.content[1].text']);
  });

  it('shows a request whose params changed as a change of those params, its answer paired with it', () => {
    const a = run(['out', req(1, 'tools/call', { name: 'echo', arguments: { text: 'a' } })], ['in', res(1, { content: [{ type: 'text', text: 'a' }] })]);
    const b = run(['out', req(1, 'tools/call', { name: 'echo', arguments: { text: 'b' } })], ['in', res(1, { content: [{ type: 'text', text: 'b' }] })]);
    expect(diffTranscripts(a, b).entries.map((e) => [e.status, e.label, e.changes.map((c) => `${c.path}: ${String(c.old)} → ${String(c.new)}`)])).toEqual([
      ['changed', '→ tools/call echo #1', ['params.arguments.text: a → b']],
      ['changed', '← answer to tools/call echo #1', ['result.content[0].text: a → b']],
    ]);
  });

  it('pairs notifications of one method by content first, so one missing in the middle is the one reported', () => {
    const log = (data: string) => note('notifications/message', { level: 'info', data });
    const a = run(['in', log('one')], ['in', log('two')], ['in', log('three')]);
    const b = run(['in', log('one')], ['in', log('three')]);
    expect(diffTranscripts(a, b).entries).toMatchObject([{ status: 'removed', label: '← notifications/message', oldSeq: 2 }]);
  });

  it('reports an answer that went missing as removed, with the request still paired', () => {
    const a = run(['out', req(1, 'ping')], ['in', res(1, {})]);
    const b = run(['out', req(1, 'ping')]);
    expect(diffTranscripts(a, b).entries).toMatchObject([{ status: 'removed', label: '← answer to ping #1' }]);
  });
});
