// The relay records who made each frame a client sends (a send that does not say is a user's), refuses an origin it
// does not know, serves the origin with every read, and leaves bookkeeping and its answers out of a windowed filter.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameIndex, WindowFrame } from '../../shared/frame-window-api.js';
import type { FrameRecord, RelayConfig } from '../../shared/relay-protocol.js';
import { FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import type { RelaySocket } from '../helpers/relay-socket.js';

let relay: RelayHandle;
let sock: RelaySocket;
let sid: string;

const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
const initialize = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '0' } },
  });

beforeAll(async () => {
  relay = await startRelay({ command: [process.execPath, join(FIXTURES, 'scripted-server.mjs')] });
  sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
  sock = await relay.socket();
  sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
  sock.send({ type: 'send', sessionId: sid, text: ping(1) });
  sock.send({ type: 'send', sessionId: sid, text: ping(2), origin: 'bookkeeping' });
  sock.send({ type: 'send', sessionId: sid, text: ping(3), origin: 'panel' });
  await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === '3', 'third ping answered');
  // The handshake is mcpscope's own as well, sent last so the ids above keep their places.
  sock.send({ type: 'send', sessionId: sid, text: initialize(4), origin: 'bookkeeping' });
  await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === '4', 'initialize answered');
}, 60_000);
afterAll(async () => {
  sock?.close();
  await relay?.stop();
});

async function stored(): Promise<FrameRecord[]> {
  return (await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${sid}/frames?afterSeq=0&limit=100`)).body.frames;
}

describe('frame origins on the relay', () => {
  it("stores who made each sent frame, a send that does not say counting as the user's, and nothing on server frames", async () => {
    const frames = await stored();
    expect(frames.filter((f) => f.dir === 'out').map((f) => [f.rpcId, f.origin])).toEqual([
      ['1', 'user'],
      ['2', 'bookkeeping'],
      ['3', 'panel'],
      ['4', 'bookkeeping'],
    ]);
    expect(frames.filter((f) => f.dir === 'in').every((f) => f.origin === undefined)).toBe(true);
    // The live stream carries it too, not only the store.
    expect(sock.framesOf(sid).find((f) => f.dir === 'out' && f.rpcId === '2')?.origin).toBe('bookkeeping');
  });

  it('refuses a send whose origin it does not know, and sends nothing', async () => {
    const before = (await stored()).length;
    sock.send({ type: 'send', sessionId: sid, text: ping(4), origin: 'mystery' as never, ref: 'r4' });
    const error = await sock.until(() => sock.messages.find((m) => m.type === 'error' && m.ref === 'r4'), 'the refusal');
    expect(error).toMatchObject({ code: 'BAD_REQUEST' });
    expect((error as { message: string }).message).toMatch(/origin/);
    expect((await stored()).length).toBe(before);
  });

  it('leaves bookkeeping and the answers to it out of a windowed filter, and keeps everything else, the handshake included', async () => {
    const frames = await stored();
    const all = (await relay.api<FrameIndex>(`/api/sessions/${sid}/frame-index`)).body.total;
    const hidden = (await relay.api<FrameIndex>(`/api/sessions/${sid}/frame-index?hideBookkeeping=1`)).body.total;
    expect(all - hidden).toBe(2);
    const last = frames.at(-1)!.seq;
    const page = (await relay.api<{ frames: WindowFrame[] }>(`/api/sessions/${sid}/frame-page?fromSeq=1&toSeq=${last + 1}&skip=0&limit=100&hideBookkeeping=1`))
      .body.frames;
    expect(page.filter((f) => f.rpcId === '2')).toEqual([]);
    const kept = page.filter((f) => f.rpcId === '1' || f.rpcId === '3').map((f) => [f.dir, f.rpcId, f.origin ?? null]);
    expect(kept.sort((a, b) => `${a[1]}${a[0]}`.localeCompare(`${b[1]}${b[0]}`))).toEqual([
      ['in', '1', null],
      ['out', '1', 'user'],
      ['in', '3', null],
      ['out', '3', 'panel'],
    ]);
    // The handshake is kept, though mcpscope sent it on its own.
    expect(
      page
        .filter((f) => f.rpcId === '4')
        .map((f) => f.dir)
        .sort(),
    ).toEqual(['in', 'out']);
    expect((await relay.api(`/api/sessions/${sid}/frame-index?hideBookkeeping=yes`)).status).toBe(400);
  });
});
