import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Finding } from '../../../shared/lint/index.js';
import { Linter } from '../../../shared/lint/index.js';
import { toEntry } from '../../../web/lib/log/frame-entry.js';
import { FrameFindings, findingsOf, NO_FINDINGS } from '../../../web/lib/log/frame-findings.js';
import { SessionLog } from '../../../web/lib/log/session-log.js';
import { frames, handshake, j } from '../lint/frames.js';

const finding = (seq: number, ruleId: Finding['ruleId'] = 'jsonrpc/not-json'): Finding => ({ ruleId, severity: 'error', seq, related: [], message: `#${seq}` });

/** Counts calls to each seq's listener. */
function listen(store: FrameFindings, seqs: number[]) {
  const calls = new Map<number, number>(seqs.map((s) => [s, 0]));
  const stops = seqs.map((s) => store.subscribe(s, () => calls.set(s, calls.get(s)! + 1)));
  return { calls: (s: number) => calls.get(s), stop: () => stops.forEach((stop) => stop()) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the findings store', () => {
  it('answers one shared empty list for a frame without findings, the same snapshot every time', () => {
    const store = new FrameFindings();
    expect(store.of(7)).toBe(NO_FINDINGS);
    expect(store.of(8)).toBe(store.of(7));
    expect(store.has(7)).toBe(false);
    expect(Object.isFrozen(NO_FINDINGS)).toBe(true);
  });

  it('replaces a frame list on each finding, so a list read before stays as it was', () => {
    const store = new FrameFindings();
    store.add(finding(3));
    const first = store.of(3);
    expect(store.of(3)).toBe(first);
    store.add(finding(3, 'jsonrpc/not-object'));
    const second = store.of(3);
    expect(second).not.toBe(first);
    expect(first.map((f) => f.ruleId)).toEqual(['jsonrpc/not-json']);
    expect(second.map((f) => f.ruleId)).toEqual(['jsonrpc/not-json', 'jsonrpc/not-object']);
  });

  it('tells only the listeners of the frame that changed, and none once they stop', () => {
    const store = new FrameFindings();
    const l = listen(store, [1, 2]);
    store.add(finding(1));
    store.add(finding(1));
    expect([l.calls(1), l.calls(2)]).toEqual([2, 0]);
    l.stop();
    store.add(finding(1));
    store.add(finding(2));
    expect([l.calls(1), l.calls(2)]).toEqual([2, 0]);
  });

  it('forgets a range of frames, telling each of their listeners, and keeps the rest', () => {
    const store = new FrameFindings();
    for (const seq of [1, 5, 6, 9]) store.add(finding(seq));
    const l = listen(store, [1, 5, 6, 9]);
    store.forget(5, 8);
    expect([1, 5, 6, 9].map((s) => store.has(s))).toEqual([true, false, false, true]);
    expect(store.of(5)).toBe(NO_FINDINGS);
    expect([1, 5, 6, 9].map((s) => l.calls(s))).toEqual([0, 1, 1, 0]);
  });

  it('clears every frame, telling the listeners of those that had findings', () => {
    const store = new FrameFindings();
    store.add(finding(2));
    const l = listen(store, [2, 3]);
    store.clear();
    expect(store.of(2)).toBe(NO_FINDINGS);
    expect([l.calls(2), l.calls(3)]).toEqual([1, 0]);
  });

  it("gives a row the page's own findings first, else what the relay's lint found on an entry read from it", () => {
    const store = new FrameFindings();
    const [frame] = frames([['in', 'oops']], 4);
    const relayFound = [finding(4, 'framing/stdout-noise')];
    const fromRelay = { ...toEntry(frame!), relayFindings: relayFound };
    expect(findingsOf(store, toEntry(frame!))).toBe(NO_FINDINGS);
    expect(findingsOf(store, fromRelay)).toBe(relayFound);
    store.add(finding(4));
    expect(findingsOf(store, fromRelay)).toBe(store.of(4));
  });
});

describe("the page's log and its lint", () => {
  it('parses each frame once: the linter reads the parse the log made on arrival', () => {
    const log = new SessionLog();
    log.configureLint({ transport: 'stdio', protocolVersion: '2025-11-25' });
    const batch = frames([...handshake(), ['out', j({ id: 1, method: 'tools/list' })], ['in', j({ id: 1, result: { tools: [] } })], ['in', 'not json']]);
    const parse = vi.spyOn(JSON, 'parse');
    log.append(batch);
    expect(parse).toHaveBeenCalledTimes(batch.length);
    expect(log.findings.all.map((f) => [f.ruleId, f.seq])).toEqual([['framing/stdout-noise', batch.length]]);
  });

  it('lints what it is handed as the parse, not the text again', () => {
    const linter = new Linter({ transport: 'ws' });
    const [frame] = frames([['in', j({ id: 1, result: {} })]]);
    const found = linter.push(frame!, { ok: false, error: { message: 'handed over', offset: 3 } });
    expect(found.map((f) => [f.ruleId, f.message])).toEqual([['jsonrpc/not-json', 'Not JSON at position 3: handed over.']]);
  });

  it('never writes into an entry for a finding that comes later: its row hears of it through the store', () => {
    const log = new SessionLog();
    log.configureLint({ transport: 'stdio', protocolVersion: '2025-11-25' });
    log.append(frames([...handshake(), ['out', j({ id: 1, method: 'tools/list' })]]));
    const request = log.bySeq(4)!;
    const before = JSON.stringify(request);
    const l = listen(log.findings.frames, [4, 3]);
    // The server exits: only now is the request known to be unanswered.
    log.append(frames([['relay', '{"event":"exited","code":1,"signal":null,"stderrTail":""}']], 5));
    expect(log.findings.frames.of(4).map((f) => f.ruleId)).toEqual(['jsonrpc/unanswered-request']);
    expect([l.calls(4), l.calls(3)]).toEqual([1, 0]);
    expect(log.bySeq(4)).toBe(request);
    expect(JSON.stringify(request)).toBe(before);
    expect('findings' in request).toBe(false);
  });
});
