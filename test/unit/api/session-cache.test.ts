import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { queryKeys } from '../../../web/api/query-keys.js';
import { upsertSession } from '../../../web/api/session-cache.js';

const base: SessionInfo = {
  id: 's1',
  name: 'one',
  target: { transport: 'stdio', command: 'node', args: [], env: {} },
  status: 'running',
  live: true,
  startedAt: 1,
  endedAt: null,
  pid: 10,
  exitCode: null,
  signal: null,
  lastSeq: 5,
  protocolVersion: '2025-11-25',
  handshakePending: false,
};

const cached = (qc: QueryClient) => qc.getQueryData<SessionInfo[]>(queryKeys.sessions)![0]!;

describe('the session list cache', () => {
  it('keeps an exit the socket reported when a restart answer with fewer frames arrives after it', () => {
    const qc = new QueryClient();
    upsertSession(qc, { ...base, status: 'exited', live: false, exitCode: 3, lastSeq: 9 });
    expect(upsertSession(qc, { ...base, status: 'running', lastSeq: 6 })).toBe(false);
    expect(cached(qc)).toMatchObject({ status: 'exited', exitCode: 3, lastSeq: 9 });
  });

  it('takes news with as many or more frames, such as a handshake claim that records none', () => {
    const qc = new QueryClient();
    upsertSession(qc, { ...base, handshakePending: true });
    expect(upsertSession(qc, { ...base, handshakePending: false })).toBe(false);
    expect(cached(qc).handshakePending).toBe(false);
    expect(upsertSession(qc, { ...base, status: 'exited', live: false, lastSeq: 7 })).toBe(true);
    expect(cached(qc).status).toBe('exited');
  });
});
