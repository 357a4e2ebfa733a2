import { describe, expect, it } from 'vitest';
import { formatDiff } from '../../../shared/replay/format-diff.js';
import { alignSequences } from '../../../shared/replay/sequence-align.js';
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
    const a = run(['out', req(1, 'tools/list')], ['in', res(1, { tools: [], nextCursor: 'c1', sessionId: 's-1' })], ['in', note('notifications/message', { data: 'at 2026-01-02T03:04:05Z', timestamp: 1 })]);
    const b = run(['out', req(7, 'tools/list')], ['in', res(7, { tools: [], nextCursor: 'c9', sessionId: 's-2' })], ['in', note('notifications/message', { data: 'at 2027-11-12T13:14:15.5Z', timestamp: 2 })]);
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
      { status: 'changed', label: '← answer to tools/call divide #1', dir: 'in', oldSeq: 2, newSeq: 2, changes: [{ path: 'result.content[0].text', change: 'changed', old: 'Cannot divide', new: 'Refusing to divide' }] },
    ]);
    expect(formatDiff(d)).toBe(
      '~ ← answer to tools/call divide #1  (old #2, new #2)\n    result.content[0].text: "Cannot divide" → "Refusing to divide"\ndiffers: 1 same, 1 changed, 0 added, 0 removed (old run 2 messages, new run 2)\n',
    );
  });

  it('shows a result that became an error as a changed answer, not as unrelated messages', () => {
    const d = diffTranscripts(run(['out', req(1, 'ping')], ['in', res(1, {})]), run(['out', req(1, 'ping')], ['in', { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } }]));
    expect(d.entries[0]).toMatchObject({ status: 'changed', changes: [{ path: 'result', change: 'removed' }, { path: 'error', change: 'added' }] });
  });

  it('takes an error with a null id as the answer to the latest open request', () => {
    const a = run(['out', req(1, 'initialize')], ['in', res(1, { protocolVersion: 'x' })]);
    const b = run(['out', req(1, 'initialize')], ['in', { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Unauthorized' } }]);
    expect(diffTranscripts(a, b).entries).toMatchObject([{ status: 'changed', label: '← answer to initialize #1', changes: [{ path: 'id', old: '<id>', new: null }, { path: 'result' }, { path: 'error' }] }]);
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
    const a = [...run(['out', req(1, 'x')], ['in', res(1, { content: [{ text: 'a' }, { text: 'b' }] })]), { seq: 3, dir: 'in' as const, kind: 'stderr' as const, text: 'pid 1', method: null, rpcId: null }];
    const b = [...run(['out', req(1, 'x')], ['in', res(1, { content: [{ text: 'c' }, { text: 'd' }] })]), { seq: 3, dir: 'in' as const, kind: 'stderr' as const, text: 'pid 2', method: null, rpcId: null }];
    expect(diffTranscripts(a, b, { ignorePaths: ['result.content.*.text'] }).identical).toBe(true);
    expect(diffTranscripts(a, b, { ignorePaths: ['result.content.*.text'], includeStderr: true }).entries).toMatchObject([{ label: '← stderr', changes: [{ path: '', old: 'pid 1', new: 'pid 2' }] }]);
  });

  it('compares noise lines as text', () => {
    const d = diffTranscripts(run(['in', 'oops, not json']), run(['in', 'oops, still not json']));
    expect(d.entries).toMatchObject([{ status: 'changed', label: '← noise' }]);
  });
});

describe('aligning sequences', () => {
  it('finds the shortest edit between two key lists', () => {
    const ops = alignSequences(['a', 'b', 'c', 'd'], ['a', 'c', 'd', 'e']);
    expect(ops).toEqual([
      { op: 'equal', a: 0, b: 0 },
      { op: 'delete', a: 1 },
      { op: 'equal', a: 2, b: 1 },
      { op: 'equal', a: 3, b: 2 },
      { op: 'insert', b: 3 },
    ]);
  });

  it('falls back to pairing by position when the runs have too little in common', () => {
    const ops = alignSequences(['a', 'b', 'c'], ['x', 'y'], 2);
    expect(ops).toEqual([{ op: 'equal', a: 0, b: 0 }, { op: 'equal', a: 1, b: 1 }, { op: 'delete', a: 2 }]);
  });
});
