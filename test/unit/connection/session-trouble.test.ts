import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { failureSentence, troubleBanner } from '../../../web/features/connection/session-trouble.js';

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
});
