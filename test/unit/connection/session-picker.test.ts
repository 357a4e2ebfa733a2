import { describe, expect, it } from 'vitest';
import type { RelayConfig, SessionInfo } from '../../../shared/relay-protocol.js';
import { firstSession, pickerSessions } from '../../../web/lib/relay/first-session.js';

function session(id: string, scratchFor?: string): SessionInfo {
  return {
    id,
    name: id,
    target: { transport: 'stdio', command: 'server', args: [], env: {} },
    status: 'running',
    live: true,
    startedAt: 0,
    endedAt: null,
    pid: null,
    exitCode: null,
    signal: null,
    lastSeq: 0,
    protocolVersion: '2025-11-25',
    handshakePending: false,
    ...(scratchFor === undefined ? {} : { scratchFor }),
  };
}

// Newest first, as the relay lists them: one Run all and one Conformance run made three scratch sessions for `a`.
const LIST = [session('lab2', 'a'), session('check1', 'a'), session('lab1', 'a'), session('b'), session('a')];

describe("the connection bar's session picker", () => {
  it('leaves out the sessions a tool made for another, keeping the order of the rest', () => {
    expect(pickerSessions(LIST, 'a').map((s) => s.id)).toEqual(['b', 'a']);
    expect(pickerSessions(LIST, null).map((s) => s.id)).toEqual(['b', 'a']);
  });

  it('keeps the shown session in it even when a tool made it, so the picker reads as what is shown', () => {
    expect(pickerSessions(LIST, 'check1').map((s) => s.id)).toEqual(['check1', 'b', 'a']);
  });

  it('opens a page on the newest session a person made, not on the last run’s scratch connection', () => {
    const config = { launchSessionId: null } as RelayConfig;
    expect(firstSession(config, LIST)).toEqual({ session: LIST[3] });
    expect(firstSession({ launchSessionId: 'gone' } as RelayConfig, LIST)).toEqual({ askFor: 'gone', fallback: LIST[3] });
    // Only scratch sessions left (their session deleted): the newest of them, rather than nothing.
    expect(firstSession(config, LIST.slice(0, 3))).toEqual({ session: LIST[0] });
  });
});
