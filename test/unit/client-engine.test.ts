import { describe, expect, it } from 'vitest';
import { ClientEngine, LocalEngineError, PeerRpcError, type Scheduler } from '../../shared/engine/index.js';

/** A scheduler the test fires by hand, so timeouts are deterministic. */
function manualScheduler(): { schedule: Scheduler; fireAll: () => void; active: () => number } {
  const timers = new Set<() => void>();
  return {
    schedule: (fn) => {
      timers.add(fn);
      return () => timers.delete(fn);
    },
    fireAll: () => {
      for (const fn of [...timers]) {
        timers.delete(fn);
        fn();
      }
    },
    active: () => timers.size,
  };
}

function setup(options: { send?: (text: string) => void | Promise<unknown> } = {}) {
  const sent: string[] = [];
  const timers = manualScheduler();
  const engine = new ClientEngine({
    send: options.send ?? ((text) => void sent.push(text)),
    schedule: timers.schedule,
    timeoutMs: 1000,
  });
  return { engine, sent, timers };
}

describe('client engine', () => {
  it('allocates integer ids from 1 and peeking does not consume one', () => {
    const { engine } = setup();
    expect(engine.peekNextId()).toBe(1);
    expect(engine.peekNextId()).toBe(1);
    expect(engine.takeId()).toBe(1);
    expect(engine.peekNextId()).toBe(2);
  });

  it('sends a request as one compact line and resolves it with the matching response', async () => {
    const { engine, sent } = setup();
    const pending = engine.request('tools/list', {});
    expect(sent).toEqual(['{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}']);
    expect(engine.receive('{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}')).toBe(1);
    await expect(pending).resolves.toEqual({ jsonrpc: '2.0', id: 1, result: { tools: [] } });
    expect(engine.pendingCount).toBe(0);
  });

  it('resolves error responses with the response object rather than throwing', async () => {
    const { engine } = setup();
    const pending = engine.request('nope');
    engine.receive('{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}');
    await expect(pending).resolves.toMatchObject({ error: { code: -32601 } });
  });

  it('never pairs a string id with a numeric one', async () => {
    const { engine } = setup();
    const pending = engine.request('ping');
    expect(engine.receive('{"jsonrpc":"2.0","id":"1","result":{}}')).toBe(0);
    expect(engine.pendingCount).toBe(1);
    engine.receive('{"jsonrpc":"2.0","id":1,"result":{}}');
    await expect(pending).resolves.toMatchObject({ id: 1 });
  });

  it('resolves each response found inside a batch array', async () => {
    const { engine } = setup();
    const a = engine.request('ping');
    const b = engine.request('tools/list');
    const n = engine.receive('[{"jsonrpc":"2.0","id":2,"result":{"tools":[]}},{"jsonrpc":"2.0","id":1,"result":{}}]');
    expect(n).toBe(2);
    await expect(a).resolves.toMatchObject({ id: 1 });
    await expect(b).resolves.toMatchObject({ id: 2 });
  });

  it('ignores noise, notifications and responses nobody is waiting for', () => {
    const { engine } = setup();
    void engine.request('ping');
    expect(engine.receive('hello from stdout')).toBe(0);
    expect(engine.receive('{"jsonrpc":"2.0","method":"notifications/message","params":{}}')).toBe(0);
    expect(engine.receive('{"jsonrpc":"2.0","id":99,"result":{}}')).toBe(0);
    expect(engine.pendingCount).toBe(1);
  });

  it('times out with an error marked local, distinct from anything a server sends', async () => {
    const { engine, timers } = setup();
    const pending = engine.request('tools/call', { name: 'slow' });
    timers.fireAll();
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocalEngineError);
    expect(err).toMatchObject({ local: true, code: 'REQUEST_TIMEOUT' });
    expect(engine.pendingCount).toBe(0);
    // A late response after the timeout resolves nothing.
    expect(engine.receive('{"jsonrpc":"2.0","id":1,"result":{}}')).toBe(0);
  });

  it('clears the timer once the response arrives', async () => {
    const { engine, timers } = setup();
    const pending = engine.request('ping');
    expect(timers.active()).toBe(1);
    engine.receive('{"jsonrpc":"2.0","id":1,"result":{}}');
    await pending;
    expect(timers.active()).toBe(0);
  });

  it('sends notifications without an id and without waiting', async () => {
    const { engine, sent } = setup();
    await engine.notify('notifications/initialized');
    expect(sent).toEqual(['{"jsonrpc":"2.0","method":"notifications/initialized"}']);
    expect(engine.pendingCount).toBe(0);
    expect(engine.peekNextId()).toBe(1);
  });

  it('performs the handshake: initialize, then notifications/initialized, returning the result', async () => {
    const { engine, sent } = setup();
    const done = engine.handshake('2025-11-25', { name: 'mcpscope', version: '0.1.0' });
    expect(JSON.parse(sent[0] ?? '')).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcpscope', version: '0.1.0' } },
    });
    expect(sent).toHaveLength(1);
    engine.receive('{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","serverInfo":{"name":"demo"}}}');
    await expect(done).resolves.toMatchObject({ serverInfo: { name: 'demo' } });
    expect(sent[1]).toBe('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  });

  it('fails the handshake with a peer error when initialize is answered with an error', async () => {
    const { engine, sent } = setup();
    const done = engine.handshake('1999-01-01', { name: 'mcpscope', version: '0' });
    engine.receive('{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Unsupported protocol version"}}');
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PeerRpcError);
    expect(err).toMatchObject({ local: false });
    expect(sent).toHaveLength(1);
  });

  it('tracks raw text: its ids are never reused and its responses resolve', async () => {
    const { engine, sent } = setup();
    const raw = '[{"jsonrpc":"2.0","id":7,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/x"}]';
    const { sent: done, responses } = engine.sendRaw(raw);
    await done;
    expect(sent).toEqual([raw]);
    expect(responses).toHaveLength(1);
    expect(engine.peekNextId()).toBe(8);
    engine.receive('{"jsonrpc":"2.0","id":7,"result":{}}');
    await expect(responses[0]).resolves.toMatchObject({ id: 7 });
  });

  it('answers every wait on an id that raw text reused while it was pending', async () => {
    const { engine, timers } = setup();
    const first = engine.sendRaw('{"jsonrpc":"2.0","id":5,"method":"ping"}').responses[0];
    const second = engine.sendRaw('{"jsonrpc":"2.0","id":5,"method":"ping"}').responses[0];
    expect(engine.pendingCount).toBe(2);
    engine.receive('{"jsonrpc":"2.0","id":5,"result":{}}');
    await expect(first).resolves.toMatchObject({ id: 5 });
    await expect(second).resolves.toMatchObject({ id: 5 });
    expect(timers.active()).toBe(0);
  });

  it('sends text that is not JSON exactly as given', async () => {
    const { engine, sent } = setup();
    const { responses } = engine.sendRaw('{not json');
    expect(sent).toEqual(['{not json']);
    expect(responses).toEqual([]);
  });

  it('skips ids seen in frames someone else sent', () => {
    const { engine } = setup();
    engine.noteOutgoing('{"jsonrpc":"2.0","id":41,"method":"ping"}');
    engine.noteOutgoing('{"jsonrpc":"2.0","id":"99","method":"ping"}');
    expect(engine.peekNextId()).toBe(42);
  });

  it('rejects pending requests locally when the transport refuses the frame', async () => {
    const { engine } = setup({ send: () => Promise.reject(new Error('socket closed')) });
    const err = await engine.request('ping').catch((e: unknown) => e);
    expect(err).toMatchObject({ local: true, code: 'SEND_FAILED' });
  });

  it('rejects everything pending when closed', async () => {
    const { engine } = setup();
    const a = engine.request('ping');
    engine.close('session stopped');
    await expect(a).rejects.toMatchObject({ local: true, code: 'CONNECTION_CLOSED' });
  });
});
