import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/archive-api.js';
import { childrenSummary, groupSessions, makerOf } from '../../web/features/sessions/session-groups.js';

function entry(id: string, over: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    name: id,
    target: { transport: 'stdio', command: 'node', args: [], env: {}, cwd: null },
    status: 'exited',
    live: false,
    startedAt: 0,
    endedAt: null,
    pid: null,
    exitCode: 0,
    signal: null,
    lastSeq: 3,
    protocolVersion: '2025-11-25',
    handshakePending: false,
    tags: [],
    origin: 'recorded',
    profileId: null,
    scratchFor: null,
    ...over,
  } as HistoryEntry;
}

describe('sessions grouped under the session they were run for', () => {
  it('keeps the sessions a person made on top, in order, each with what tools made for it', () => {
    const list = [
      entry('lab-2', { origin: 'scratch', scratchFor: 'a', tags: ['lab'] }),
      entry('check-1', { origin: 'scratch', scratchFor: 'a', tags: ['check'] }),
      entry('b'),
      entry('replay-1', { origin: 'replay', scratchFor: 'b', tags: ['replay'] }),
      entry('a'),
      entry('lab-old', { origin: 'scratch', scratchFor: 'gone' }),
    ];
    const groups = groupSessions(list);
    expect(groups.map((g) => [g.session.id, g.children.map((c) => c.id)])).toEqual([
      ['b', ['replay-1']],
      ['a', ['lab-2', 'check-1']],
      // Its session is not listed (deleted, filtered out): shown on its own, after the rest.
      ['lab-old', []],
    ]);
    expect(childrenSummary(groups[1]!.children)).toBe('2 made for it: 1 lab, 1 check');
  });

  it('puts what was made for a tool’s session under the session a person made, and survives a loop', () => {
    const list = [
      entry('replay-of-lab', { origin: 'replay', scratchFor: 'lab-1', tags: ['replay'] }),
      entry('lab-1', { origin: 'scratch', scratchFor: 'a', tags: ['lab'] }),
      entry('a'),
      entry('x', { origin: 'scratch', scratchFor: 'y' }),
      entry('y', { origin: 'scratch', scratchFor: 'x' }),
    ];
    const groups = groupSessions(list);
    expect(groups.map((g) => [g.session.id, g.children.map((c) => c.id)])).toEqual([
      ['a', ['replay-of-lab', 'lab-1']],
      ['x', []],
      ['y', []],
    ]);
    // Every session is listed exactly once, the loop's included.
    expect(groups.flatMap((g) => [g.session.id, ...g.children.map((c) => c.id)]).sort()).toEqual(['a', 'lab-1', 'replay-of-lab', 'x', 'y']);
  });

  it('names what made a session from its tag, or for older recordings from its origin', () => {
    expect(makerOf(entry('x', { origin: 'scratch', tags: ['check', 'mine'] }))).toBe('check');
    expect(makerOf(entry('x', { origin: 'scratch' }))).toBe('lab');
    expect(makerOf(entry('x', { origin: 'replay' }))).toBe('replay');
    expect(makerOf(entry('x'))).toBeNull();
  });
});
