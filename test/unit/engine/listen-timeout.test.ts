// subscriptions/listen is a stream kept open until cancelled: the engine's request timeout must not end it.
import { describe, expect, it } from 'vitest';
import { harness, settle } from './engine-harness.js';

describe('subscriptions/listen waits', () => {
  it('arms no timer for a listen, yet still times out other requests, and a listen ends only when cancelled', async () => {
    const h = harness({ timeoutMs: 1000 });
    const listen = h.engine.begin('subscriptions/listen', { notifications: { resourceSubscriptions: ['memo://counter'] } });
    const ended = listen.response.catch((e: unknown) => e);
    expect(h.activeTimers()).toBe(0);
    const other = h.engine.request('tools/list').catch((e: unknown) => e);
    h.advance(10 * 60_000);
    expect(await other).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    await settle();
    expect(h.engine.pendingCount).toBe(1);
    expect(await listen.cancel('unsubscribed')).toBe(true);
    expect(await ended).toMatchObject({ code: 'CANCELLED' });
    expect(h.last()).toMatchObject({ method: 'notifications/cancelled', params: { requestId: listen.id } });
  });

  it('honours a timeout the caller asks for on a listen', async () => {
    const h = harness({ timeoutMs: 1000 });
    const listen = h.engine.request('subscriptions/listen', {}, { timeoutMs: 50 }).catch((e: unknown) => e);
    h.advance(60);
    expect(await listen).toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });
});
