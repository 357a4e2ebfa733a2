import { describe, expect, it } from 'vitest';
import { LocalEngineError } from '../../../shared/engine/index.js';
import { harness, type Json } from './engine-harness.js';

const progress = (token: unknown, n: number) =>
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: n, total: 5 } });
const result = (id: unknown) => JSON.stringify({ jsonrpc: '2.0', id, result: { content: [] } });

describe('timeouts', () => {
  it('uses the per-request timeout over the engine default', async () => {
    const h = harness();
    const fast = h.engine.request('ping', undefined, { timeoutMs: 50 });
    const slow = h.engine.request('ping');
    h.advance(50);
    await expect(fast).rejects.toMatchObject({ local: true, code: 'REQUEST_TIMEOUT', message: expect.stringMatching(/no response after 50 ms/) });
    expect(h.engine.pendingCount).toBe(1);
    h.advance(950);
    await expect(slow).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });

  it('lets progress push the timer back when asked to', async () => {
    const h = harness();
    const call = h.engine.request('tools/call', { name: 'slow_count' }, { onProgress: () => {}, resetTimeoutOnProgress: true });
    h.advance(900);
    h.engine.receive(progress(1, 1));
    h.advance(900);
    expect(h.engine.pendingCount).toBe(1);
    h.advance(100);
    await expect(call).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });

  it('does not let progress extend a request unless asked to', async () => {
    const h = harness();
    const call = h.engine.request('tools/call', {}, { onProgress: () => {} });
    h.advance(900);
    h.engine.receive(progress(1, 1));
    h.advance(100);
    await expect(call).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });

  it('stops at the maximum total time however much progress keeps coming', async () => {
    const h = harness({ resetTimeoutOnProgress: true, maxTotalTimeoutMs: 2500 });
    const call = h.engine.request('tools/call', {}, { onProgress: () => {} });
    const seen: unknown[] = [];
    call.catch((e: unknown) => seen.push(e));
    for (let i = 1; i <= 2; i++) {
      h.advance(900);
      h.engine.receive(progress(1, i));
    }
    h.advance(699);
    await Promise.resolve();
    expect(seen).toEqual([]);
    h.advance(1);
    const err = await call.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocalEngineError);
    expect(err).toMatchObject({ code: 'REQUEST_TIMEOUT', data: { maxTotalTimeoutMs: 2500 }, message: expect.stringMatching(/maximum total of 2500 ms/) });
  });

  it('sends notifications/cancelled for a timed-out request when configured to', async () => {
    const h = harness({ cancelOnTimeout: true });
    const call = h.engine.request('tools/call', {});
    h.advance(1000);
    await expect(call).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(h.last()).toEqual({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'timed out' } });
  });
});

describe('progress', () => {
  it('asks for progress with the request id as token and delivers each notification to that request only', async () => {
    const h = harness();
    const a: unknown[] = [];
    const b: unknown[] = [];
    void h.engine.request('tools/call', { name: 'a' }, { onProgress: (p) => a.push(p.progress) });
    expect((h.last().params as Json)._meta).toEqual({ progressToken: 1 });
    void h.engine.request('tools/call', { name: 'b', _meta: { progressToken: 'mine' } }, { onProgress: (p) => b.push(p.progress) });
    expect((h.last().params as Json)._meta).toEqual({ progressToken: 'mine' });
    h.engine.receive(progress(1, 1));
    h.engine.receive(progress('mine', 1));
    h.engine.receive(progress(1, 2));
    h.engine.receive(progress('1', 3)); // a string token is not the numeric one
    expect(a).toEqual([1, 2]);
    expect(b).toEqual([1]);
  });

  it('delivers progress that arrives just before the result before the result resolves (no SDK 1.x race)', async () => {
    const h = harness();
    const order: string[] = [];
    const call = h.engine.request('tools/call', {}, { onProgress: (p) => order.push(`progress ${String(p.progress)}`) }).then(() => order.push('result'));
    // Two lines from one stdout chunk, handed over back to back.
    h.engine.receive(progress(1, 5));
    h.engine.receive(result(1));
    await call;
    expect(order).toEqual(['progress 5', 'result']);
  });

  it('keeps arrival order inside one array too, and drops progress that comes after the result', async () => {
    const h = harness();
    const got: unknown[] = [];
    const call = h.engine.request('tools/call', {}, { onProgress: (p) => got.push(p.progress) });
    h.engine.receive(`[${progress(1, 4)},${result(1)},${progress(1, 5)}]`);
    await call;
    expect(got).toEqual([4]);
  });
});

describe('cancellation', () => {
  it('sends notifications/cancelled and settles the request with a local CANCELLED error', async () => {
    const h = harness();
    const req = h.engine.begin('tools/call', { name: 'slow_count' });
    const settled = req.cancel('user pressed stop');
    expect(h.last()).toEqual({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: req.id, reason: 'user pressed stop' } });
    await expect(settled).resolves.toBe(true);
    const err = await req.response.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocalEngineError);
    expect(err).toMatchObject({ local: true, code: 'CANCELLED', message: expect.stringMatching(/user pressed stop/) });
    // The server's late answer is not mistaken for anything.
    expect(h.engine.receive(result(req.id))).toBe(0);
    expect(h.activeTimers()).toBe(0);
  });

  it('still sends a cancel for an id nobody waits for, and says nothing was pending', async () => {
    const h = harness();
    await expect(h.engine.cancel(42)).resolves.toBe(false);
    expect(h.last()).toEqual({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 42 } });
  });

  it('keeps local failures apart from server errors that reuse the same numbers', async () => {
    const h = harness();
    const fromServer = h.engine.request('tools/call');
    h.replyError(-32001, 'Request timed out');
    await expect(fromServer).resolves.toMatchObject({ error: { code: -32001 } });
    const local = h.engine.request('tools/call');
    h.advance(1000);
    await expect(local).rejects.toMatchObject({ local: true, code: 'REQUEST_TIMEOUT' });
  });

  it('forgets the session and rejects pending requests as closed when the connection ends', async () => {
    const h = harness();
    const init = h.engine.connect();
    h.reply({ protocolVersion: '2025-11-25', capabilities: {} });
    await init;
    const call = h.engine.request('tools/list');
    h.engine.close('the server process exited');
    await expect(call).rejects.toMatchObject({ local: true, code: 'CONNECTION_CLOSED', message: expect.stringMatching(/exited/) });
    expect(h.engine.connection).toBeNull();
  });
});
