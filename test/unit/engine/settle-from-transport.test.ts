// An HTTP answer that carries no response bearing a request's id still settles that request, at once.
import { describe, expect, it } from 'vitest';
import { LocalEngineError } from '../../../shared/engine/index.js';
import type { HttpAnswerEvent } from '../../../shared/http-answer.js';
import { harness } from './engine-harness.js';

const answer = (over: Partial<HttpAnswerEvent>): HttpAnswerEvent => ({
  event: 'http-answer',
  requestIds: ['1'],
  status: 400,
  exchange: 'x1',
  message: 'POST /mcp → 400 Bad Request',
  ...over,
});

describe('settleFromTransport', () => {
  it("resolves the request with the server's error whose id is null, which an id-matching wait would never see", async () => {
    const h = harness();
    const pending = h.engine.request('server/discover', {});
    const error = { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: Server not initialized' } };
    expect(h.engine.receive(JSON.stringify(error))).toBe(0);
    expect(h.engine.settleFromTransport(answer({ seq: 3 }), error)).toBe(1);
    await expect(pending).resolves.toEqual(error);
    expect(h.activeTimers()).toBe(0);
  });

  it('fails a request refused with no JSON-RPC at all with a local error named after the status, the challenge kept', async () => {
    const h = harness();
    const pending = h.engine.request('ping');
    const challenge = 'Bearer realm="mcp", error="invalid_token"';
    h.engine.settleFromTransport(answer({ status: 401, challenge, message: 'POST /mcp → 401 Unauthorized: the server requires authorization' }));
    const err = (await pending.catch((e: unknown) => e)) as LocalEngineError;
    expect(err).toBeInstanceOf(LocalEngineError);
    expect(err).toMatchObject({ code: 'CLIENT_HTTP_AUTHENTICATION', local: true, data: { status: 401, exchange: 'x1', challenge } });
    expect(err.message).toBe('ping (id 1): POST /mcp → 401 Unauthorized: the server requires authorization');
  });

  it('names 403, 404 and other statuses as the SDK does, and leaves other requests waiting', async () => {
    const codes: Array<[number, string]> = [
      [403, 'CLIENT_HTTP_FORBIDDEN'],
      [404, 'CLIENT_HTTP_NOT_IMPLEMENTED'],
      [500, 'CLIENT_HTTP_UNEXPECTED_CONTENT'],
    ];
    for (const [status, code] of codes) {
      const h = harness();
      const first = h.engine.request('ping');
      const second = h.engine.request('ping');
      h.engine.settleFromTransport(answer({ status, requestIds: ['1'] }));
      await expect(first).rejects.toMatchObject({ code });
      h.reply({}, h.messages()[1]);
      await expect(second).resolves.toMatchObject({ id: 2, result: {} });
    }
  });
});
