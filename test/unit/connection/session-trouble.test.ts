import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { STDERR_TAIL_LINES } from '../../../shared/stderr-tail.js';
import { failureSentence, sameTrouble, sessionTrouble, troubleBanner } from '../../../web/features/connection/session-trouble.js';
import { MessageStore } from '../../../web/lib/log/message-store.js';
import { frames, type Pair } from '../lint/frames.js';

function session(over: Partial<SessionInfo>): SessionInfo {
  return {
    id: 's',
    name: 'n',
    target: { transport: 'stdio', command: 'nope', args: [], env: {}, cwd: null },
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
    ...over,
  } as SessionInfo;
}

describe('the connection banner texts', () => {
  it('ends a failure with its full stop and, for a command not found, says why in words', () => {
    expect(failureSentence('spawn my-server ENOENT', 'ENOENT')).toBe(
      ': spawn my-server ENOENT. The command was not found: is it installed, and on PATH? A full path to it works too.',
    );
    expect(failureSentence('connect ECONNREFUSED 127.0.0.1:9', null)).toBe(': connect ECONNREFUSED 127.0.0.1:9.');
    // A message that already ends its sentence gets no second stop.
    expect(failureSentence('the server closed the stream.', null)).toBe(': the server closed the stream.');
    expect(failureSentence(null, null)).toBe('.');
  });

  it('picks one banner per trouble, and every banner but the expired session offers Restart', () => {
    const none = { expiry: null, unreachable: null };
    expect(troubleBanner(session({}), none)).toBeNull();
    expect(troubleBanner(session({ status: 'failed', live: false }), none)).toBe('dropped');
    expect(troubleBanner(session({ status: 'exited', live: false, exitCode: 1 }), none)).toBe('exited');
    // A Stop the user asked for is no trouble.
    expect(troubleBanner(session({ status: 'stopped', live: false }), none)).toBeNull();
    expect(troubleBanner(session({}), { expiry: { seq: 3, status: 404, message: 'gone' }, unreachable: null })).toBe('expired');
    expect(troubleBanner(session({}), { expiry: null, unreachable: 'ECONNREFUSED' })).toBe('unreachable');
  });

  it("keeps the core's stderr tail for the exit banner: the same number of lines as the relay's exited event", () => {
    const store = new MessageStore();
    const lines = Array.from({ length: STDERR_TAIL_LINES + 5 }, (_, i) => `line ${i + 1}`);
    store.append('s', frames([['relay', '{"event":"spawned","pid":1}'], ...lines.map((l): Pair => ['stderr', l])]));
    store.append('s', frames([['relay', '{"event":"exited","code":1,"signal":null}']], lines.length + 2));
    const trouble = sessionTrouble(store.source('s'));
    expect(trouble.stderrTail).toEqual(lines.slice(-STDERR_TAIL_LINES));
    expect(trouble.spoke).toBe(false);
    // A restart is a new process: its tail starts empty.
    store.append('s', frames([['relay', '{"event":"spawned","pid":2}']], lines.length + 3));
    expect(sessionTrouble(store.source('s')).stderrTail).toEqual([]);
  });

  it('reads the same trouble as the same (the bar does not re-render) until a frame changes what the banner would say', () => {
    const store = new MessageStore();
    store.append(
      's',
      frames([
        ['relay', '{"event":"spawned","pid":1}'],
        ['stderr', 'starting'],
      ]),
    );
    const before = sessionTrouble(store.source('s'));
    // An outgoing request changes nothing the banner shows.
    store.append('s', frames([['out', '{"jsonrpc":"2.0","id":1,"method":"ping"}']], 3));
    expect(sameTrouble(before, sessionTrouble(store.source('s')))).toBe(true);
    // A new stderr line does, and so does the server's first word.
    store.append('s', frames([['stderr', 'ready']], 4));
    const withLine = sessionTrouble(store.source('s'));
    expect(sameTrouble(before, withLine)).toBe(false);
    store.append('s', frames([['in', '{"jsonrpc":"2.0","id":1,"result":{}}']], 5));
    expect(sameTrouble(withLine, sessionTrouble(store.source('s')))).toBe(false);
  });
});
