// The engine's lifecycle gate: mcpscope's own requests wait for the handshake, automatic ones are never sent for an
// undeclared capability, and a person's own text always goes out as typed.
import { describe, expect, it } from 'vitest';
import { LocalEngineError, META_PROTOCOL_VERSION } from '../../../shared/engine/index.js';
import { harness, initializeResult, settle, type Json } from './engine-harness.js';

const methods = (h: ReturnType<typeof harness>) => h.messages().map((m) => m.method ?? `response ${String(m.id)}`);

/** Starts a legacy handshake and answers initialize with `capabilities`; resolves once connect() finished. */
async function handshake(h: ReturnType<typeof harness>, capabilities: Json = { tools: {} }) {
  const connected = h.engine.connect({ era: 'legacy', protocolVersion: '2025-11-25' });
  const init = h.messages().findLast((m) => m.method === 'initialize')!;
  h.reply(initializeResult('2025-11-25', capabilities), init);
  await connected;
  await settle();
}

describe('the lifecycle gate', () => {
  it('holds a panel request made during the handshake until notifications/initialized has gone out', async () => {
    const h = harness();
    const connected = h.engine.connect({ era: 'legacy', protocolVersion: '2025-11-25' });
    const list = h.engine.request('tools/list', {});
    expect(methods(h)).toEqual(['initialize']);
    expect(h.engine.lifecycle.held).toBe(1);
    h.reply(initializeResult('2025-11-25'), h.messages()[0]);
    // The initialize result alone does not open the gate: the client has not said initialized yet.
    expect(methods(h)).toEqual(['initialize']);
    await connected;
    await settle();
    expect(methods(h)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    h.reply({ tools: [] });
    await expect(list).resolves.toMatchObject({ result: { tools: [] } });
  });

  it('lets ping and the handshake itself through while holding everything else', async () => {
    const h = harness();
    void h.engine.connect({ era: 'legacy', protocolVersion: '2025-11-25' });
    void h.engine.request('ping');
    void h.engine.request('resources/read', { uri: 'x' });
    void h.engine.notify('notifications/roots/list_changed');
    expect(methods(h)).toEqual(['initialize', 'ping']);
    expect(h.engine.lifecycle.held).toBe(2);
  });

  it('never sends bookkeeping for a capability the server did not declare, and says so locally', async () => {
    const h = harness();
    await handshake(h, { tools: {} });
    const before = h.sent.length;
    const refused = h.engine.request('resources/list', {}, { origin: 'bookkeeping' });
    await expect(refused).rejects.toMatchObject({ code: 'CAPABILITY_NOT_SUPPORTED', local: true });
    await expect(refused).rejects.toThrow(/server capability "resources", which was not declared; mcpscope does not send it on its own/);
    expect(h.sent.length).toBe(before);
    // Declared: it goes out at once.
    void h.engine.request('tools/list', {}, { origin: 'bookkeeping' });
    expect(h.last()).toMatchObject({ method: 'tools/list' });
  });

  it('still sends what a person asked for from a panel when the capability is missing (the panel warns instead)', async () => {
    const h = harness();
    await handshake(h, { tools: {} });
    void h.engine.request('prompts/list', {});
    expect(h.last()).toMatchObject({ method: 'prompts/list' });
    expect(h.origins.at(-1)).toBe('panel');
  });

  it('refuses a held bookkeeping request as soon as the result shows its capability is missing', async () => {
    const h = harness();
    const connected = h.engine.connect({ era: 'legacy', protocolVersion: '2025-11-25' });
    const prompts = h.engine.request('prompts/list', {}, { origin: 'bookkeeping' }).catch((err: unknown) => err);
    const tools = h.engine.request('tools/list', {}, { origin: 'bookkeeping' });
    h.reply(initializeResult('2025-11-25', { tools: { listChanged: true } }), h.messages()[0]);
    await connected;
    await settle();
    expect(await prompts).toMatchObject({ code: 'CAPABILITY_NOT_SUPPORTED' });
    expect(methods(h)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    h.reply({ tools: [] });
    await expect(tools).resolves.toBeDefined();
  });

  it("sends a user's raw text at once, even before any handshake (it is theirs, not mcpscope's)", async () => {
    const h = harness();
    void h.engine.connect({ era: 'legacy', protocolVersion: '2025-11-25' });
    h.engine.sendRaw('{"jsonrpc":"2.0","id":99,"method":"tools/list"}');
    expect(methods(h)).toEqual(['initialize', 'tools/list']);
    expect(h.origins).toEqual(['bookkeeping', 'user']);
  });

  it('learns the handshake from frames another tab sent, and opens only when that tab sent initialized', async () => {
    const h = harness();
    h.engine.noteOutgoing('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}');
    void h.engine.request('tools/list', {});
    expect(h.sent).toEqual([]);
    h.engine.receive(JSON.stringify({ jsonrpc: '2.0', id: 1, result: initializeResult('2025-11-25') }));
    expect(h.sent).toEqual([]);
    h.engine.noteOutgoing('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    await settle();
    expect(methods(h)).toEqual(['tools/list']);
    // The id the other tab used is never handed out again.
    expect(h.last().id).toBe(2);
  });

  it('holds requests in the modern era until server/discover is answered, then sends them with the 2026 _meta', async () => {
    const h = harness();
    const connected = h.engine.connect({ era: 'modern' });
    void h.engine.request('tools/list', {});
    expect(methods(h)).toEqual(['server/discover']);
    h.reply({ supportedVersions: ['2026-07-28'], capabilities: { tools: {} } });
    await connected;
    await settle();
    expect(methods(h)).toEqual(['server/discover', 'tools/list']);
    expect((h.last().params as Json)._meta).toMatchObject({ [META_PROTOCOL_VERSION]: '2026-07-28' });
  });

  it('in auto, holds requests through a discovery that settles nothing, until the fallback initialize is done', async () => {
    const h = harness();
    const connected = h.engine.connect({ era: 'auto', protocolVersion: '2025-11-25' });
    void h.engine.request('tools/list', {});
    h.reply({ supportedVersions: ['2099-01-01'], capabilities: {} });
    await settle();
    expect(methods(h)).toEqual(['server/discover', 'initialize']);
    h.reply(initializeResult('2025-11-25'));
    await connected;
    await settle();
    expect(methods(h)).toEqual(['server/discover', 'initialize', 'notifications/initialized', 'tools/list']);
  });

  it('gives up on a held request after its timeout without ever sending it', async () => {
    const h = harness();
    void h.engine.connect({ era: 'legacy', protocolVersion: '2025-11-25' });
    const list = h.engine.request('tools/list', {}, { timeoutMs: 500 });
    h.advance(500);
    await expect(list).rejects.toMatchObject({ code: 'NOT_INITIALIZED' });
    await expect(list).rejects.toThrow(/waits for the handshake to complete \(initializing\); after 500 ms it was given up and never sent/);
    expect(methods(h)).toEqual(['initialize']);
  });

  it('drops a held request that is cancelled: no notifications/cancelled for something never sent', async () => {
    const h = harness();
    void h.engine.connect({ era: 'legacy', protocolVersion: '2025-11-25' });
    const outgoing = h.engine.begin('tools/call', { name: 'x' });
    await expect(outgoing.cancel('changed my mind')).resolves.toBe(true);
    await expect(outgoing.response).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(methods(h)).toEqual(['initialize']);
  });

  it('fails held requests when the handshake fails, rather than at their timeouts', async () => {
    const h = harness();
    const connected = h.engine.connect({ era: 'legacy', protocolVersion: '2025-11-25' });
    const list = h.engine.request('tools/list', {});
    h.replyError(-32602, 'unsupported version', h.messages()[0]);
    await expect(connected).rejects.toBeDefined();
    await expect(list).rejects.toThrow(/tools\/list was not sent: the handshake failed/);
    expect(methods(h)).toEqual(['initialize']);
  });

  it('after a restart of a handshaken session, waits for the next handshake again', async () => {
    const h = harness();
    await handshake(h);
    h.engine.close('the server process exited');
    h.engine.lifecycle.restart();
    expect(h.engine.lifecycle.phase).toBe('awaiting');
    const list = h.engine.request('tools/list', {});
    expect(h.engine.lifecycle.held).toBe(1);
    await handshake(h);
    expect(methods(h).slice(-3)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    h.reply({ tools: [] });
    await expect(list).resolves.toBeDefined();
  });

  it('closing the connection fails what the gate holds, locally', async () => {
    const h = harness();
    void h.engine.connect({ era: 'legacy', protocolVersion: '2025-11-25' }).catch(() => undefined);
    const list = h.engine.request('tools/list', {});
    h.engine.close('the session was restarted');
    await expect(list).rejects.toBeInstanceOf(LocalEngineError);
    await expect(list).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });

  it('keeps the negotiated session when a second initialize (sent by hand) is refused', async () => {
    const h = harness();
    await handshake(h, { tools: {}, prompts: {} });
    h.engine.sendRaw('{"jsonrpc":"2.0","id":50,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}');
    expect(h.engine.lifecycle.phase).toBe('initializing');
    h.engine.receive('{"jsonrpc":"2.0","id":50,"error":{"code":-32600,"message":"already initialized"}}');
    expect(h.engine.lifecycle.phase).toBe('ready');
    void h.engine.request('prompts/list', {}, { origin: 'bookkeeping' });
    expect(h.last()).toMatchObject({ method: 'prompts/list' });
  });

  it('says who made each frame: handshake bookkeeping, a panel request, an answer to the server, a timeout cancel', async () => {
    const h = harness({ serverRequests: 'answer', cancelOnTimeout: true });
    await handshake(h);
    void h.engine.request('tools/call', { name: 'x' }, { timeoutMs: 100 }).catch(() => undefined);
    h.engine.receive('{"jsonrpc":"2.0","id":"s1","method":"ping"}');
    await settle();
    h.advance(100);
    await settle();
    expect(methods(h)).toEqual(['initialize', 'notifications/initialized', 'tools/call', 'response s1', 'notifications/cancelled']);
    expect(h.origins).toEqual(['bookkeeping', 'bookkeeping', 'panel', 'answer', 'bookkeeping']);
  });

  it("never speaks first: bookkeeping before any handshake is refused, a person's panel request is not", async () => {
    const h = harness();
    await expect(h.engine.request('tools/list', {}, { origin: 'bookkeeping' })).rejects.toThrow(/no handshake was made: mcpscope never speaks first/);
    void h.engine.request('tools/list', {});
    expect(methods(h)).toEqual(['tools/list']);
  });

  it("takes neither a batched initialize nor a fault-lab probe for the session's handshake", async () => {
    const h = harness();
    await handshake(h);
    h.engine.sendRaw('[{"jsonrpc":"2.0","id":70,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}]', 'lab');
    h.engine.sendRaw('{"jsonrpc":"2.0","id":71,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}', 'lab');
    h.engine.noteOutgoing('[{"jsonrpc":"2.0","id":72,"method":"initialize","params":{}}]');
    expect(h.engine.lifecycle.phase).toBe('ready');
    void h.engine.request('tools/list', {}, { origin: 'bookkeeping' });
    expect(h.last()).toMatchObject({ method: 'tools/list' });
  });
});
