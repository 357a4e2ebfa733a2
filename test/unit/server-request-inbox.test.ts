import { describe, expect, it } from 'vitest';
import { ClientEngine } from '../../shared/engine/index.js';
import { ServerRequestInbox } from '../../web/lib/server-requests/server-request-inbox.js';
import { autoOutcome, cannedSamplingResult, isUrlElicitation, rootProblem, rootsResult } from '../../web/lib/server-requests/server-request-rules.js';

/** A real engine whose frames land in an array, with its inbox. */
function setup() {
  const sent: Record<string, unknown>[] = [];
  const engine = new ClientEngine({ send: (text) => void sent.push(JSON.parse(text) as Record<string, unknown>) });
  const inbox = new ServerRequestInbox(engine, () => inbox.setAnswerer('you'));
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 1));
  };
  /**
   * The server pings and the answer arrives: the engine has handled everything the server sent before, so an answer
   * that did not come by then is not coming. Returns what was sent before the pong.
   */
  const beforePong = async () => {
    const id = `probe-${sent.length}`;
    engine.receiveValue({ jsonrpc: '2.0', id, method: 'ping' });
    await until(() => sent.some((m) => m.id === id));
    return sent.filter((m) => !String(m.id).startsWith('probe-'));
  };
  return { sent, engine, inbox, until, beforePong };
}

describe('auto-response rules for server requests', () => {
  it('answers roots with the configured list and leaves manual kinds pending', () => {
    expect(autoOutcome('roots', 'answer', {}, [{ uri: 'file:///a', name: 'A' }])).toEqual({ result: { roots: [{ uri: 'file:///a', name: 'A' }] } });
    expect(autoOutcome('sampling', 'manual', {}, [])).toBeNull();
    expect(autoOutcome('elicitation', 'decline', {}, [])).toEqual({ result: { action: 'decline' } });
    expect(autoOutcome('sampling', 'reject', {}, [])).toMatchObject({ error: { code: -1 } });
  });

  it('builds a canned sampling reply that is a valid assistant message', () => {
    expect(cannedSamplingResult({ messages: [{}, {}] })).toMatchObject({
      role: 'assistant',
      model: 'mcpscope-canned',
      content: { type: 'text', text: expect.stringContaining('2 message') },
    });
  });

  it('accepts only file:// roots and drops empty names', () => {
    expect(rootProblem('file:///tmp/x')).toBeNull();
    expect(rootProblem('https://example.com')).toMatch(/file:\/\//);
    expect(rootsResult([{ uri: 'file:///x', name: '' }])).toEqual({ roots: [{ uri: 'file:///x' }] });
  });

  it('tells URL-mode elicitations from form ones', () => {
    expect(isUrlElicitation({ mode: 'url', url: 'https://x' })).toBe(true);
    expect(isUrlElicitation({ requestedSchema: {} })).toBe(false);
  });
});

describe('the server-request inbox', () => {
  it('answers nothing before the tab claims answering, and never a replayed request another tab answered', async () => {
    const { sent, engine, inbox, until, beforePong } = setup();
    engine.receiveValue({ jsonrpc: '2.0', id: 1, method: 'roots/list' });
    engine.noteOutgoingValue({ jsonrpc: '2.0', id: 1, result: { roots: [] } });
    expect(inbox.getSnapshot().requests).toEqual([]);
    engine.answerServerRequests(true);
    inbox.setAnswerer('you');
    expect(await beforePong()).toEqual([]);
    engine.receiveValue({ jsonrpc: '2.0', id: 2, method: 'roots/list' });
    await until(() => sent.some((m) => m.id === 2));
    expect(await beforePong()).toEqual([{ jsonrpc: '2.0', id: 2, result: { roots: [] } }]);
  });

  it('keeps a sampling request pending until the user answers, then sends the answer', async () => {
    const { sent, engine, inbox, until } = setup();
    engine.answerServerRequests(true);
    engine.receiveValue({ jsonrpc: '2.0', id: 'a', method: 'sampling/createMessage', params: { messages: [] } });
    await until(() => inbox.getSnapshot().requests.length === 1);
    const req = inbox.getSnapshot().requests[0]!;
    expect(req.state).toBe('pending');
    inbox.resolve(req.key, { error: { code: -1, message: 'no' } });
    await until(() => sent.length === 1);
    expect(sent[0]).toEqual({ jsonrpc: '2.0', id: 'a', error: { code: -1, message: 'no' } });
    expect(inbox.getSnapshot().requests[0]!.state).toBe('answered');
  });

  it('marks a request the server cancelled and sends no answer for it', async () => {
    const { engine, inbox, until, beforePong } = setup();
    engine.answerServerRequests(true);
    engine.receiveValue({ jsonrpc: '2.0', id: 5, method: 'elicitation/create', params: {} });
    await until(() => inbox.getSnapshot().requests.length === 1);
    engine.receiveValue({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5 } });
    const req = inbox.getSnapshot().requests[0]!;
    expect(req.state).toBe('cancelled');
    // An answer the user gives now is dropped.
    inbox.resolve(req.key, { result: { action: 'decline' } });
    expect(await beforePong()).toEqual([]);
  });

  it('answers, on taking over, what the server asked while nobody answered, but not what another tab already answered or the server cancelled', async () => {
    const { sent, engine, inbox, until, beforePong } = setup();
    // History seen while another tab (or nobody) answered: three requests, one answered by someone, one cancelled.
    engine.receiveValue({ jsonrpc: '2.0', id: 1, method: 'elicitation/create', params: { message: 'answered elsewhere' } });
    engine.noteOutgoingValue({ jsonrpc: '2.0', id: 1, result: { action: 'decline' } });
    engine.receiveValue({ jsonrpc: '2.0', id: 2, method: 'elicitation/create', params: { message: 'cancelled' } });
    engine.receiveValue({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
    engine.receiveValue({ jsonrpc: '2.0', id: 3, method: 'elicitation/create', params: { message: 'still waiting' } });
    expect(inbox.getSnapshot().requests).toEqual([]);
    engine.answerServerRequests(true);
    await until(() => inbox.getSnapshot().requests.length === 1);
    const [req] = inbox.getSnapshot().requests;
    expect(req).toMatchObject({ id: 3, state: 'pending', params: { message: 'still waiting' } });
    inbox.resolve(req!.key, { result: { action: 'accept', content: {} } });
    await until(() => sent.length === 1);
    expect(sent[0]).toEqual({ jsonrpc: '2.0', id: 3, result: { action: 'accept', content: {} } });
    // Handed out once: switching answering off and on again does not ask the user a second time.
    engine.answerServerRequests(false);
    engine.answerServerRequests(true);
    await beforePong();
    expect(inbox.getSnapshot().requests).toHaveLength(1);
  });

  it('forgets what it saw before a gap in the history, whose frames may hold the answers', async () => {
    const { engine, inbox, beforePong } = setup();
    engine.receiveValue({ jsonrpc: '2.0', id: 1, method: 'elicitation/create', params: {} });
    engine.forgetWaitingServerRequests();
    engine.answerServerRequests(true);
    await beforePong();
    expect(inbox.getSnapshot().requests).toEqual([]);
  });

  it('leaves a pending request to the tab that takes over, sending no answer for it from this one', async () => {
    const { sent, engine, inbox, until } = setup();
    inbox.setAnswerer('you');
    engine.answerServerRequests(true);
    engine.receiveValue({ jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: {} });
    await until(() => inbox.getSnapshot().requests.length === 1);
    engine.answerServerRequests(false);
    inbox.setAnswerer('other');
    const req = inbox.getSnapshot().requests[0]!;
    expect(req.state).toBe('handed-over');
    inbox.resolve(req.key, { result: { action: 'decline' } });
    // This tab answers nothing now, not even a ping; the answer would have gone out by the time every promise queued
    // so far has settled (the path has no timers), which a macrotask boundary guarantees.
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([]);
  });

  it('sends roots/list_changed when the roots change in the answering tab only, and never before the handshake', async () => {
    const { sent, inbox, engine } = setup();
    inbox.setAnswerer('you');
    await inbox.setRoots([{ uri: 'file:///0' }]);
    expect(sent).toEqual([]);
    inbox.setAnswerer('none');
    engine.noteOutgoing(
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{"listChanged":true}}}}',
    );
    engine.receive('{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{}}}');
    engine.noteOutgoing('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    await inbox.setRoots([{ uri: 'file:///a' }]);
    expect(sent).toEqual([]);
    inbox.setAnswerer('you');
    await inbox.setRoots([{ uri: 'file:///b' }]);
    expect(sent).toEqual([{ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }]);
  });
});

describe('sampling answered by the model through the auto-response rules', () => {
  function withSampler(sampler: (params: unknown) => Promise<{ result: Record<string, unknown>; note: string }>) {
    const sent: Record<string, unknown>[] = [];
    const engine = new ClientEngine({ send: (text) => void sent.push(JSON.parse(text) as Record<string, unknown>) });
    const inbox = new ServerRequestInbox(engine, () => inbox.setAnswerer('you'), sampler);
    engine.answerServerRequests(true);
    inbox.setAnswerer('you');
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((r) => setTimeout(r, 1));
    };
    return { sent, engine, inbox, until };
  }
  const answer = { role: 'assistant', content: { type: 'text', text: 'from the model' }, model: 'm', stopReason: 'endTurn' };

  it("'model' sends the model's answer without a click; 'model-review' leaves it as a draft for a person", async () => {
    const t = withSampler(() => Promise.resolve({ result: answer, note: 'm answered' }));
    t.inbox.setRule('sampling', 'model');
    t.engine.receiveValue({ jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } });
    await t.until(() => t.sent.some((m) => m.id === 1));
    expect(t.sent.find((m) => m.id === 1)).toMatchObject({ result: answer });
    expect(t.inbox.getSnapshot().requests[0]).toMatchObject({ state: 'auto', modelNote: expect.stringContaining('sent without asking') });

    t.inbox.setRule('sampling', 'model-review');
    t.engine.receiveValue({ jsonrpc: '2.0', id: 2, method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } });
    await t.until(() => t.inbox.getSnapshot().requests[1]?.draft !== undefined);
    expect(t.inbox.getSnapshot().requests[1]).toMatchObject({ state: 'pending', asking: false, draft: { result: answer } });
    expect(t.sent.some((m) => m.id === 2)).toBe(false);
  });

  it('leaves the request for a person, with the reason, when the model cannot answer', async () => {
    const t = withSampler(() => Promise.reject(new Error('the openai provider refused the API key (HTTP 401)')));
    t.inbox.setRule('sampling', 'model');
    t.engine.receiveValue({ jsonrpc: '2.0', id: 7, method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } });
    await t.until(() => t.inbox.getSnapshot().requests[0]?.modelNote !== undefined);
    expect(t.inbox.getSnapshot().requests[0]).toMatchObject({
      state: 'pending',
      modelNote: expect.stringContaining('refused the API key (HTTP 401); answer it by hand'),
    });
    expect(t.sent.some((m) => m.id === 7)).toBe(false);
    t.inbox.resolve(t.inbox.getSnapshot().requests[0]!.key, { result: answer });
    await t.until(() => t.sent.some((m) => m.id === 7));
  });
});
