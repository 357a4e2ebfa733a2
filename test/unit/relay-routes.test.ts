import { describe, expect, it } from 'vitest';
import { windowFilterOf, windowQuery, WindowFilterQuerySchema, type WindowFilter } from '../../shared/frame-window-api.js';
import { parseRelayServerMessage } from '../../shared/relay-protocol.js';
import { fillPath, RELAY_ROUTES } from '../../shared/relay-routes.js';

describe('the relay route table', () => {
  it('names each method and path once', () => {
    const keys = Object.values(RELAY_ROUTES).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fills path parameters percent-encoded and refuses a missing one', () => {
    expect(fillPath(RELAY_ROUTES.sessionRepro.path, { id: 'a/b c', kind: 'stdio.sh' })).toBe('/sessions/a%2Fb%20c/repro/stdio.sh');
    expect(fillPath(RELAY_ROUTES.framePreview.path, { id: 's', seq: 7 })).toBe('/sessions/s/frames/7');
    expect(() => fillPath(RELAY_ROUTES.framePreview.path, { id: 's' })).toThrow(/:seq/);
  });

  it('reads a page query from query-string text, with the defaults the log relies on', () => {
    const q = RELAY_ROUTES.framePage.query.parse({ fromSeq: '4097', skip: '3', kinds: 'request,error' });
    expect(q).toMatchObject({ fromSeq: 4097, toSeq: Number.MAX_SAFE_INTEGER, skip: 3, limit: 100, kinds: 'request,error' });
    expect(RELAY_ROUTES.frames.query.parse({ limit: '50000' }).limit).toBe(10_000);
    expect(RELAY_ROUTES.framePage.query.safeParse({ limit: '501' }).success).toBe(false);
    expect(RELAY_ROUTES.history.query.safeParse({ offset: '-1' }).success).toBe(false);
  });

  it('refuses unknown frame kinds and findings values, naming what was wrong', () => {
    const bad = WindowFilterQuerySchema.safeParse({ kinds: 'request,bogus' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('unknown kind bogus');
    expect(WindowFilterQuerySchema.safeParse({ findings: '2' }).error?.issues[0]?.message).toBe('findings must be 1');
    expect(WindowFilterQuerySchema.safeParse({ dir: 'sideways' }).success).toBe(false);
  });

  it('carries a window filter through its query string and back unchanged', () => {
    const filters: WindowFilter[] = [
      {},
      { text: 'Ab%&', method: 'tools/', dir: 'in', kinds: ['request', 'error'], findings: true, hideBookkeeping: true },
      { dir: 'relay' },
    ];
    for (const f of filters) {
      const wire = new URLSearchParams(windowQuery(f) as Record<string, string>);
      expect(windowFilterOf(WindowFilterQuerySchema.parse(Object.fromEntries(wire)))).toEqual(f);
    }
  });
});

describe('relay → browser messages', () => {
  it('accepts every message the relay sends in its declared shape', () => {
    const ok = parseRelayServerMessage(JSON.stringify({ type: 'synced', sessionId: 's', seq: 12 }));
    expect(ok).toEqual({ ok: true, message: { type: 'synced', sessionId: 's', seq: 12 } });
  });

  it('refuses text that is not JSON, an unknown type and a frame of the wrong shape, saying where', () => {
    expect(parseRelayServerMessage('{"type":')).toMatchObject({ ok: false, error: expect.stringMatching(/^not JSON/) });
    expect(parseRelayServerMessage('{"type":"surprise"}')).toMatchObject({ ok: false, error: expect.stringMatching(/^message "surprise"/) });
    const badFrame = {
      type: 'frames',
      sessionId: 's',
      frames: [{ seq: 'one', ts: 1, dir: 'in', kind: 'request', text: '', size: 0, method: null, rpcId: null }],
    };
    expect(parseRelayServerMessage(JSON.stringify(badFrame))).toMatchObject({ ok: false, error: expect.stringContaining('frames.0.seq') });
    expect(parseRelayServerMessage('[]')).toMatchObject({ ok: false, error: expect.stringMatching(/^message without a type/) });
  });
});
