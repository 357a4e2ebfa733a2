import { describe, expect, it } from 'vitest';
import { HandlerError } from '../../../shared/engine/index.js';
import { harness, settle, type Json } from './engine-harness.js';

const serverRequest = (id: unknown, method: string, params?: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });

describe('requests from the server', () => {
  it('dispatches roots/list, sampling/createMessage and elicitation/create to their handlers and answers under the same id', async () => {
    const h = harness({ serverRequests: 'answer' });
    h.engine.handle('roots/list', () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));
    h.engine.handle('sampling/createMessage', async (params) => ({
      role: 'assistant',
      content: { type: 'text', text: `max ${String((params as Json).maxTokens)}` },
      model: 'canned',
    }));
    h.engine.handle('elicitation/create', (_params, ctx) => ({ action: 'decline', _meta: { seenId: ctx.id } }));
    h.engine.receive(serverRequest('r1', 'roots/list'));
    h.engine.receive(serverRequest(7, 'sampling/createMessage', { messages: [], maxTokens: 3 }));
    h.engine.receive(serverRequest(8, 'elicitation/create', { message: 'Name?', requestedSchema: { type: 'object' } }));
    await settle();
    expect(h.messages()).toEqual([
      { jsonrpc: '2.0', id: 'r1', result: { roots: [{ uri: 'file:///work', name: 'work' }] } },
      { jsonrpc: '2.0', id: 7, result: { role: 'assistant', content: { type: 'text', text: 'max 3' }, model: 'canned' } },
      { jsonrpc: '2.0', id: 8, result: { action: 'decline', _meta: { seenId: 8 } } },
    ]);
  });

  it('answers ping with an empty result without being told to', async () => {
    const h = harness({ serverRequests: 'answer' });
    h.engine.receive(serverRequest(1, 'ping'));
    await settle();
    expect(h.messages()).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('answers a request nobody handles with -32601', async () => {
    const h = harness({ serverRequests: 'answer' });
    h.engine.receive(serverRequest(3, 'sampling/createMessage', { messages: [] }));
    await settle();
    expect(h.last()).toMatchObject({ id: 3, error: { code: -32601, message: expect.stringMatching(/no handler for sampling\/createMessage/) } });
  });

  it('turns a HandlerError into that error and any other failure into -32603', async () => {
    const h = harness({ serverRequests: 'answer' });
    h.engine.handle('sampling/createMessage', () => {
      throw new HandlerError(-1, 'User rejected sampling request', { why: 'test' });
    });
    h.engine.handle('roots/list', () => {
      throw new Error('disk on fire');
    });
    h.engine.receive(serverRequest(1, 'sampling/createMessage'));
    h.engine.receive(serverRequest(2, 'roots/list'));
    await settle();
    expect(h.messages()).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -1, message: 'User rejected sampling request', data: { why: 'test' } } },
      { jsonrpc: '2.0', id: 2, error: { code: -32603, message: expect.stringMatching(/disk on fire/) } },
    ]);
  });

  it('drops the answer when the server cancels its request first', async () => {
    const h = harness({ serverRequests: 'answer' });
    let release: (v: unknown) => void = () => {};
    h.engine.handle('elicitation/create', () => new Promise((r) => (release = r)));
    h.engine.receive(serverRequest(5, 'elicitation/create', { message: 'slow' }));
    h.engine.receive(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5 } }));
    release({ action: 'cancel' });
    await settle();
    expect(h.messages()).toEqual([]);
  });

  it('leaves the server’s requests alone by default, so frames replayed from history are never answered twice', async () => {
    const h = harness();
    h.engine.receive(serverRequest(1, 'ping'));
    await settle();
    expect(h.sent).toEqual([]);
  });

  it('tells notification listeners about every notification in arrival order', () => {
    const h = harness();
    const seen: unknown[] = [];
    const stop = h.engine.onNotification((m) => seen.push(m.method));
    h.engine.receive(
      '[{"jsonrpc":"2.0","method":"notifications/message","params":{}},{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":9,"progress":1}}]',
    );
    stop();
    h.engine.receive('{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}');
    expect(seen).toEqual(['notifications/message', 'notifications/progress']);
  });
});
