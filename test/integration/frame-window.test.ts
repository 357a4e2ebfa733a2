import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRecord, RelayConfig } from '../../shared/relay-protocol.js';
import type { FrameIndex, WindowFrame } from '../../shared/frame-window-api.js';
import { FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { FrameWindow } from '../../web/lib/log/frame-window.js';
import { EMPTY_FILTER } from '../../web/lib/log/frame-filter.js';
import { MessageStore } from '../../web/lib/log/message-store.js';
import { createRelayHttp } from '../../web/lib/relay/relay-http.js';
import type { RelaySocket } from '../helpers/relay-socket.js';

const FLOOD = 3000;
let relay: RelayHandle;
let sid: string;
let sock: RelaySocket;
let lastSeq: number;

const req = (id: number, method: string) => JSON.stringify({ jsonrpc: '2.0', id, method });

beforeAll(async () => {
  relay = await startRelay({ command: [process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--flood', String(FLOOD)] });
  sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
  sock = await relay.socket();
  sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
  sock.send({ type: 'send', sessionId: sid, text: req(1, 'ping') });
  await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === '1', 'ping answered');
  sock.send({ type: 'send', sessionId: sid, text: req(2, 'flood') });
  lastSeq = (await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === '2', 'flood answered', 30_000)).seq;
  sock.close();
}, 60_000);

afterAll(async () => {
  await relay?.stop();
});

const index = async (q = '') => (await relay.api<FrameIndex>(`/api/sessions/${sid}/frame-index${q}`)).body;
const page = async (q: string) => (await relay.api<{ frames: WindowFrame[] }>(`/api/sessions/${sid}/frame-page${q}`)).body.frames;

describe('windowed frame reads', () => {
  it('counts every frame of the session, by block of seqs', async () => {
    const all = await index();
    expect(all.lastSeq).toBe(lastSeq);
    expect(all.total).toBe(lastSeq);
    expect(all.blocks.reduce((n, [, c]) => n + c, 0)).toBe(lastSeq);
  });

  it('reads a page of frames from any seq, in order', async () => {
    const frames = await page('?fromSeq=1500&limit=50');
    expect(frames.map((f) => f.seq)).toEqual(Array.from({ length: 50 }, (_, i) => 1500 + i));
  });

  it('filters by method and by text over the whole session, and pages through the matches', async () => {
    const byMethod = await index('?method=MESSAGE');
    expect(byMethod.total).toBe(FLOOD);
    // A response matches through its request's method, as in the live log.
    const pings = await index('?method=ping');
    expect(pings.total).toBe(2);
    expect((await page('?method=ping')).map((f) => f.kind)).toEqual(['request', 'response']);
    expect((await index('?method=no-such-method')).total).toBe(0);
    // "2999 x" is only in notification number 2999 (the data is "<n> xxx…").
    const one = await index(`?text=${encodeURIComponent('"2999 x')}`);
    expect(one.total).toBe(1);
    const [hit] = await page(`?text=${encodeURIComponent('"2999 x')}&limit=5`);
    expect(JSON.parse(hit!.text).params.data).toMatch(/^2999 x/);
    // Skipping matches: the 101st flood notification is the one whose data starts with 101.
    const [hundredFirst] = await page('?method=notifications/message&skip=100&limit=1');
    expect(JSON.parse(hundredFirst!.text).params.data).toMatch(/^101 x/);
    // LIKE wildcards in the text are literal characters, not patterns.
    expect((await index('?text=%25')).total).toBe(0);
    expect((await index('?text=_')).total).toBe(0);
  });

  it('lists the distinct methods of requests and notifications in the whole session', async () => {
    const { methods } = (await relay.api<{ methods: string[] }>(`/api/sessions/${sid}/methods`)).body;
    expect(methods).toEqual(['flood', 'notifications/message', 'ping']);
  });

  it('filters by direction and kind, and refuses unknown values', async () => {
    const out = await index('?dir=out&kinds=request');
    expect(out.total).toBe(2);
    const outs = await page('?dir=out&kinds=request');
    expect(outs.map((f) => f.rpcId)).toEqual(['1', '2']);
    expect((await relay.api(`/api/sessions/${sid}/frame-index?kinds=nonsense`)).status).toBe(400);
    expect((await relay.api(`/api/sessions/${sid}/frame-index?dir=up`)).status).toBe(400);
    expect((await relay.api(`/api/sessions/${sid}/frame-page?limit=100000`)).status).toBe(400);
    expect((await relay.api(`/api/sessions/nope/frame-index`)).status).toBe(404);
  });

  it('pairs requests and responses found by id, with the request method and the latency', async () => {
    const [request, response] = await page('?kinds=request,response&limit=2');
    expect(request!.rpcId).toBe('1');
    expect(response!.rpcId).toBe('1');
    expect(request!.pairs).toEqual([response!.seq]);
    expect(response!.pairs).toEqual([request!.seq]);
    expect(response!.pairMethod).toBe('ping');
    expect(response!.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('serves one frame in full, and its exact bytes as a download', async () => {
    const preview = await relay.api<WindowFrame>(`/api/sessions/${sid}/frames/${lastSeq}`);
    expect(preview.body.pairs).toEqual([expect.any(Number)]);
    expect(preview.body.pairMethod).toBe('flood');
    const { status, body } = await relay.api<FrameRecord>(`/api/sessions/${sid}/frames/${lastSeq}/full`);
    expect(status).toBe(200);
    expect(JSON.parse(body.text).result).toEqual({ sent: FLOOD });
    const res = await fetch(`${relay.base}/api/sessions/${sid}/frames/${lastSeq}/bytes`, { headers: { authorization: `Bearer ${relay.token}` } });
    expect(res.headers.get('content-disposition')).toMatch(/attachment/);
    expect(await res.text()).toBe(body.text);
    expect((await relay.api(`/api/sessions/${sid}/frames/${lastSeq + 10}`)).status).toBe(404);
  });

  it('reads again only the pages of an unfiltered window that hold the seqs it is told to forget', async () => {
    let pages = 0;
    let arrived = () => undefined as void;
    const http = createRelayHttp(relay.token, () => undefined, relay.base);
    const win = new FrameWindow(http, sid, {}, null, () => {
      pages++;
      arrived();
    });
    const until = (n: number) => (pages >= n ? Promise.resolve() : new Promise<void>((r) => (arrived = () => void (pages >= n && r()))));
    expect(win.rowAt(0)).toBeUndefined(); // seqs 1–100: asked for now
    expect(win.rowAt(150)).toBeUndefined(); // seqs 101–200, asked for in the same turn: one read of both pages
    await until(1);
    expect(win.rowAt(0)?.frame.seq).toBe(1);
    expect(win.rowAt(150)?.frame.seq).toBe(151);
    expect(pages).toBe(1);
    // The relay's lint just passed seqs 120–130: their page is read again, the other stays.
    expect(win.forgetSeqs(120, 130)).toBe(true);
    expect(win.rowAt(0)?.frame.seq).toBe(1);
    expect(win.rowAt(150)).toBeUndefined();
    await until(2);
    expect(win.rowAt(150)?.frame.seq).toBe(151);
    expect(win.rowAt(199)?.frame.seq).toBe(200);
    // A filtered window's rows are not seqs: it cannot forget by seq, and says so.
    expect(
      new FrameWindow(
        createRelayHttp(relay.token, () => undefined, relay.base),
        sid,
        { text: 'x', method: '', kinds: [] },
        await index('?text=x'),
        () => undefined,
      ).forgetSeqs(1, 2),
    ).toBe(false);
  });

  it('reads the rows a huge session opens on (its last) before anything is subscribed, settling once they are in', async () => {
    const http = createRelayHttp(relay.token, () => undefined, relay.base);
    const store = new MessageStore({ head: 200, tail: 500 }, http);
    const ahead = store.readAhead(sid, lastSeq, 150);
    // The count is the session list's word, before any frame arrived; the rows are on their way.
    const rows = store.source(sid).rows(EMPTY_FILTER);
    expect(rows.count).toBe(lastSeq);
    expect(rows.rowAt(lastSeq - 1)).toBeUndefined();
    await ahead;
    expect(
      store
        .source(sid)
        .rows(EMPTY_FILTER)
        .rowAt(lastSeq - 1)?.frame.seq,
    ).toBe(lastSeq);
    expect(
      store
        .source(sid)
        .rows(EMPTY_FILTER)
        .rowAt(lastSeq - 150)?.frame.seq,
    ).toBe(lastSeq - 149);
    // A session the page will hold whole reads nothing ahead.
    const small = new MessageStore({ head: 200, tail: 10_000 }, http);
    await small.readAhead(sid, lastSeq, 150);
    expect(
      small
        .source(sid)
        .rows(EMPTY_FILTER)
        .rowAt(lastSeq - 1),
    ).toBeUndefined();
  });

  it('requires the token', async () => {
    for (const path of ['frame-index', 'frame-page', 'frames/1']) {
      const res = await fetch(`${relay.base}/api/sessions/${sid}/${path}`);
      expect(res.status).toBe(401);
    }
  });

  it('replays only the head and the tail of a huge session when asked, then goes live', async () => {
    const s = await relay.socket();
    s.send({ type: 'subscribe', sessionId: sid, afterSeq: 0, head: 10, tail: 20 });
    await s.until(() => s.messages.find((m) => m.type === 'synced'), 'synced');
    const seqs = s.framesOf(sid).map((f) => f.seq);
    expect(seqs).toEqual([...Array.from({ length: 10 }, (_, i) => i + 1), ...Array.from({ length: 20 }, (_, i) => lastSeq - 19 + i)]);
    s.close();
  });
});
