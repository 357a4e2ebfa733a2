// A stop that comes while a session is still making its transport (a remote one loads its code first; a stdio one
// spans a microtask) cancels the start: nothing is spawned or connected afterwards, and the session says "stopped".
// A restart in that window gets a session that runs, which the cancelled start does not overwrite.
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { Recorder } from '../../server/store/recorder.js';
import { SessionManager } from '../../server/relay/session-manager.js';
import { RecipeTrust } from '../../server/trust/recipe-trust.js';
import { FIXTURES } from '../helpers/relay-process.js';

describe('a stop while the session is starting', () => {
  let recorder: Recorder;
  let sessions: SessionManager;
  let server: Server;
  let url = '';
  const seen: SessionInfo[] = [];
  const stdio = { transport: 'stdio' as const, command: process.execPath, args: [join(FIXTURES, 'scripted-server.mjs')], env: {} };

  beforeAll(async () => {
    recorder = new Recorder(null);
    sessions = new SessionManager({ recorder, maxLineBytes: 1 << 20, graceMs: 500, trust: new RecipeTrust(null) });
    sessions.setListener({ session: (info) => seen.push(info), frame: () => undefined });
    server = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`;
  });

  afterAll(async () => {
    await sessions.stopAll('test over');
    await new Promise<void>((r) => server.close(() => r()));
    recorder.close();
  });

  /** Starts a session and, before its start has made a transport, stops every session as a relay shutting down does. */
  async function stoppedWhileStarting(target: unknown): Promise<SessionInfo> {
    const before = seen.length;
    const created = sessions.create({ target, protocolVersion: '2025-11-25', handshake: true } as Parameters<SessionManager['create']>[0]);
    const starting = seen.slice(before).find((s) => s.status === 'starting');
    expect(starting, 'the session was announced as starting before its transport was made').toBeDefined();
    await sessions.stopAll('relay closing');
    const session = await created;
    return session.info();
  }

  it('a remote session (Streamable HTTP) ends stopped, never connected', async () => {
    const info = await stoppedWhileStarting({ transport: 'http', url, headers: {} });
    expect([info.status, info.live, info.endedAt !== null]).toEqual(['stopped', false, true]);
  });

  it('a stdio session ends stopped, its server never spawned', async () => {
    const info = await stoppedWhileStarting(stdio);
    expect([info.status, info.live, info.pid]).toEqual(['stopped', false, null]);
  });

  it('a restart in that window runs the server, and the cancelled start leaves its status alone', async () => {
    const before = seen.length;
    const created = sessions.create({ target: stdio, protocolVersion: '2025-11-25', handshake: true });
    const id = seen.slice(before).find((s) => s.status === 'starting')!.id;
    const restarted = sessions.owned(id).restart();
    const session = await created;
    await restarted;
    expect([session.info().status, session.live, typeof session.info().pid]).toEqual(['running', true, 'number']);
    await session.stop('test over');
    await expect.poll(() => session.info().status, { timeout: 10_000 }).toBe('stopped');
  });
});
