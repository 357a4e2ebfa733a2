import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FrameRecord, RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import { DEMO_SERVER, EVERYTHING_SERVER, FIXTURES, pidAlive, startRelay, waitFor, type RelayHandle } from '../helpers/relay-process.js';

const SCRIPTED = join(FIXTURES, 'scripted-server.mjs');
const relays: RelayHandle[] = [];
afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.stop()));
});

async function launch(command: string[], args: string[] = []) {
  const relay = await startRelay({ command, args });
  relays.push(relay);
  const { body: config } = await relay.api<RelayConfig>('/api/config');
  const sid = config.launchSessionId!;
  const sock = await relay.socket();
  sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
  return { relay, sid, sock };
}

const req = (id: number, method: string, params?: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });

describe('the relay over stdio', () => {
  const servers = [
    { name: 'server-everything', command: [process.execPath, EVERYTHING_SERVER, 'stdio'], tool: 'echo' },
    { name: 'the demo server', command: [process.execPath, DEMO_SERVER], tool: 'get_weather' },
  ];
  it.each(servers)('carries initialize → tools/list with $name and records both directions', async ({ command, tool }) => {
    const { relay, sid, sock } = await launch(command);
    const init = req(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '0' } });
    sock.send({ type: 'send', sessionId: sid, text: init });
    const initRes = await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === '1', 'initialize result');
    expect(initRes.kind).toBe('response');
    expect(JSON.parse(initRes.text).result.serverInfo.name).toBeTruthy();
    sock.send({ type: 'send', sessionId: sid, text: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
    sock.send({ type: 'send', sessionId: sid, text: req(2, 'tools/list') });
    const list = await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === '2', 'tools/list result');
    expect(JSON.parse(list.text).result.tools.map((t: { name: string }) => t.name)).toContain(tool);

    const { body } = await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${sid}/frames?afterSeq=0&limit=1000`);
    const out = body.frames.filter((f) => f.dir === 'out');
    expect(out.map((f) => f.method)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    expect(out[0]!.text).toBe(init);
    const seqs = body.frames.map((f) => f.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });

  it('replays the same history to a socket that attaches later, as after a browser reload', async () => {
    const { relay, sid, sock } = await launch([process.execPath, SCRIPTED, '--noise', '--stderr', '2']);
    sock.send({ type: 'send', sessionId: sid, text: req(1, 'ping') });
    await sock.frame(sid, (f) => f.kind === 'response', 'ping result');
    const second = await relay.socket();
    second.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
    await second.until(() => second.messages.find((m) => m.type === 'synced'), 'synced');
    expect(second.framesOf(sid).map((f) => f.seq)).toEqual(sock.framesOf(sid).map((f) => f.seq));
    expect(second.framesOf(sid).map((f) => f.kind)).toEqual(expect.arrayContaining(['event', 'noise', 'stderr', 'request', 'response']));
    // Resubscribing from a later seq sends only what came after it.
    const third = await relay.socket();
    third.send({ type: 'subscribe', sessionId: sid, afterSeq: 3 });
    await third.until(() => third.messages.find((m) => m.type === 'synced'), 'synced');
    expect(third.framesOf(sid)[0]!.seq).toBe(4);
  });

  it('shows a crashing server’s exit code and stderr, stays up, and restarts on demand', async () => {
    const { relay, sid, sock } = await launch([process.execPath, SCRIPTED, '--crash-on', 'tools/list']);
    sock.send({ type: 'send', sessionId: sid, text: req(1, 'tools/list') });
    const exited = await sock.frame(sid, (f) => f.kind === 'event' && f.method === 'exited', 'exited event');
    expect(JSON.parse(exited.text)).toMatchObject({ code: 3, stderrTail: expect.stringContaining('crashing on tools/list') });
    expect(sock.framesOf(sid).some((f) => f.kind === 'stderr' && f.text === 'crashing on tools/list')).toBe(true);
    const info = await relay.api<SessionInfo>(`/api/sessions/${sid}`);
    expect(info.body).toMatchObject({ status: 'exited', exitCode: 3, live: false });

    sock.send({ type: 'send', sessionId: sid, text: req(2, 'ping') });
    await sock.until(() => sock.messages.find((m) => m.type === 'error' && m.code === 'SESSION_NOT_LIVE'), 'not-live error');

    const restarted = await relay.api<SessionInfo>(`/api/sessions/${sid}/restart`, { method: 'POST' });
    expect(restarted.body).toMatchObject({ status: 'running', live: true });
    sock.send({ type: 'send', sessionId: sid, text: req(3, 'ping') });
    const pong = await sock.frame(sid, (f) => f.rpcId === '3' && f.dir === 'in', 'ping after restart');
    expect(pong.seq).toBeGreaterThan(exited.seq);
  });

  it('records a non-JSON line and a 20 MB line as frames and keeps answering', async () => {
    const { relay, sid, sock } = await launch([process.execPath, SCRIPTED, '--noise', '--big-line', String(20 * 1024 * 1024)]);
    const noise = await sock.frame(sid, (f) => f.kind === 'noise', 'noise frame');
    expect(noise.text).toBe('this is not json, just a stray log line');
    const big = await sock.frame(sid, (f) => f.kind === 'oversize', 'oversize frame', 20_000);
    expect(big.size).toBe(20 * 1024 * 1024);
    expect(big.text.length).toBe(64 * 1024);
    sock.send({ type: 'send', sessionId: sid, text: req(9, 'ping') });
    await sock.frame(sid, (f) => f.rpcId === '9' && f.dir === 'in', 'ping after the big line');
    const info = await relay.api<SessionInfo>(`/api/sessions/${sid}`);
    expect(info.body.status).toBe('running');
  });

  it('answers malformed browser messages with errors and carries on', async () => {
    const { relay, sid, sock } = await launch([process.execPath, SCRIPTED]);
    sock.ws.send('not json');
    sock.ws.send(JSON.stringify({ type: 'send', sessionId: sid }));
    sock.ws.send(JSON.stringify({ type: 'explode' }));
    sock.send({ type: 'send', sessionId: 'no-such-session', text: '{}' });
    await sock.until(() => (sock.messages.filter((m) => m.type === 'error').length >= 4 ? true : undefined), 'four errors');
    const codes = sock.messages.flatMap((m) => (m.type === 'error' ? [m.code] : []));
    expect(codes).toEqual(['BAD_REQUEST', 'BAD_REQUEST', 'BAD_REQUEST', 'NOT_FOUND']);
    sock.send({ type: 'send', sessionId: sid, text: req(1, 'ping') });
    await sock.frame(sid, (f) => f.kind === 'response', 'ping still works');
    expect((await relay.api('/api/config')).status).toBe(200);
  });

  it('sends text exactly as typed, invalid JSON and embedded newlines included', async () => {
    const { sid, sock } = await launch([process.execPath, SCRIPTED]);
    sock.send({ type: 'send', sessionId: sid, text: '{"jsonrpc":"2.0", oops' });
    const sent = await sock.frame(sid, (f) => f.dir === 'out', 'sent frame');
    expect(sent).toMatchObject({ kind: 'noise', text: '{"jsonrpc":"2.0", oops' });
    const reply = await sock.frame(sid, (f) => f.dir === 'in' && f.kind === 'error', 'parse error reply');
    expect(JSON.parse(reply.text).error.code).toBe(-32700);
    sock.send({ type: 'send', sessionId: sid, text: '{"jsonrpc":"2.0",\n"id":5,"method":"ping"}' });
    const twoReplies = await sock.until(() => {
      const errs = sock.framesOf(sid).filter((f) => f.dir === 'in' && f.kind === 'error');
      return errs.length >= 3 ? errs : undefined;
    }, 'a parse error for each half of the split message');
    expect(twoReplies).toHaveLength(3);
  });

  it('never loses a frame for a browser that stops reading for a while', async () => {
    const { relay, sid, sock } = await launch([process.execPath, SCRIPTED, '--flood', '30000']);
    const raw = (sock.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    raw.pause();
    sock.send({ type: 'send', sessionId: sid, text: req(1, 'flood') });
    // The browser reads nothing until the relay has recorded the whole flood (its answer included).
    await waitFor(async () => (await relay.api<SessionInfo>(`/api/sessions/${sid}`)).body.lastSeq >= 30_003, 'the flood to be recorded', 60_000);
    raw.resume();
    const done = await sock.frame(sid, (f) => f.rpcId === '1' && f.dir === 'in', 'flood result', 30_000);
    const frames = sock.framesOf(sid);
    const seqs = frames.map((f) => f.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(frames.filter((f) => f.method === 'notifications/message')).toHaveLength(30000);
    expect(done.seq).toBe(seqs.at(-1));
  });
});

describe('process lifetime', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`leaves no server process or grandchild behind after ${signal} to mcpscope`, async () => {
      const { relay, sid, sock } = await launch([process.execPath, SCRIPTED, '--grandchild']);
      const line = await sock.frame(sid, (f) => f.kind === 'stderr' && f.text.startsWith('grandchild '), 'grandchild pid');
      const grandchild = Number(line.text.split(' ')[1]);
      const { body } = await relay.api<SessionInfo>(`/api/sessions/${sid}`);
      expect(pidAlive(body.pid!)).toBe(true);
      expect(pidAlive(grandchild)).toBe(true);
      expect(await relay.stop(signal)).toBe(0);
      await waitFor(() => !pidAlive(body.pid!) && !pidAlive(grandchild), 'server and grandchild to be gone', 5000);
    });
  }

  it('stops the server and its grandchild on a disconnect from the UI', async () => {
    const { relay, sid, sock } = await launch([process.execPath, SCRIPTED, '--grandchild']);
    const line = await sock.frame(sid, (f) => f.kind === 'stderr' && f.text.startsWith('grandchild '), 'grandchild pid');
    const grandchild = Number(line.text.split(' ')[1]);
    const stopped = await relay.api<SessionInfo>(`/api/sessions/${sid}/stop`, { method: 'POST' });
    expect(stopped.body).toMatchObject({ status: 'stopped', live: false });
    await waitFor(() => !pidAlive(stopped.body.pid!) && !pidAlive(grandchild), 'processes to be gone', 5000);
  });
});
