import { describe, expect, it } from 'vitest';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_LOG_LEVEL, META_PROTOCOL_VERSION } from '../../../shared/engine/index.js';
import { harness, initializeResult, settle, type Json } from './engine-harness.js';

const discoverResult = (supportedVersions: string[] = ['2026-07-28']) => ({
  supportedVersions,
  capabilities: { tools: {} },
  instructions: 'Stateless.',
  resultType: 'complete',
  ttlMs: 0,
  cacheScope: 'public',
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern', version: '2.0.0' } },
});

async function modernSession() {
  const h = harness();
  h.engine.handle('elicitation/create', (params) => ({ action: 'accept', content: { city: 'Oslo', asked: (params as Json).message } }));
  const done = h.engine.connect({ era: 'modern', clientInfo: { name: 'mcpscope', version: '1' } });
  h.reply(discoverResult());
  await done;
  return h;
}

describe('the modern era (2026-07-28)', () => {
  it('discovers the server with server/discover, carrying the protocol _meta keys, and sends no initialize', async () => {
    const h = harness();
    const done = h.engine.connect({ protocolVersion: '2026-07-28', clientInfo: { name: 'mcpscope', version: '1' } });
    expect(h.last()).toMatchObject({
      method: 'server/discover',
      params: { _meta: { [META_PROTOCOL_VERSION]: '2026-07-28', [META_CLIENT_CAPABILITIES]: {}, [META_CLIENT_INFO]: { name: 'mcpscope', version: '1' } } },
    });
    h.reply(discoverResult());
    const conn = await done;
    expect(conn).toMatchObject({
      era: 'modern',
      protocolVersion: '2026-07-28',
      versionStatus: 'as-offered',
      serverInfo: { name: 'modern', version: '2.0.0' },
      serverCapabilities: { tools: {} },
      instructions: 'Stateless.',
    });
    expect(h.messages().map((m) => m.method)).toEqual(['server/discover']);
  });

  it('puts the protocol version and client capabilities in the _meta of every later request, keeping the caller’s own keys', async () => {
    const h = await modernSession();
    void h.engine.request('tools/list');
    expect((h.last().params as Json)._meta).toMatchObject({ [META_PROTOCOL_VERSION]: '2026-07-28', [META_CLIENT_CAPABILITIES]: { elicitation: {} } });
    void h.engine.request('tools/call', { name: 'x', arguments: {}, _meta: { [META_PROTOCOL_VERSION]: '1999-01-01', mine: 1 } });
    expect((h.last().params as Json)._meta).toMatchObject({ [META_PROTOCOL_VERSION]: '1999-01-01', mine: 1, [META_CLIENT_CAPABILITIES]: { elicitation: {} } });
  });

  it('carries the log level the user set in every later request’s _meta (2026 has no logging/setLevel), until it is cleared', async () => {
    const h = await modernSession();
    void h.engine.request('tools/list');
    expect((h.last().params as Json)._meta).not.toHaveProperty(META_LOG_LEVEL);
    h.engine.setLogLevel('debug');
    void h.engine.request('tools/list');
    expect((h.last().params as Json)._meta).toMatchObject({ [META_LOG_LEVEL]: 'debug' });
    h.engine.setLogLevel(null);
    void h.engine.request('tools/list');
    expect((h.last().params as Json)._meta).not.toHaveProperty(META_LOG_LEVEL);
    expect(h.messages().some((m) => m.method === 'logging/setLevel')).toBe(false);
  });

  it('reports discovery that lists no shared version, and fails when told to', async () => {
    const h = harness();
    const ok = h.engine.connect({ era: 'modern' });
    h.reply(discoverResult(['2099-01-01']));
    await expect(ok).resolves.toMatchObject({ versionStatus: 'unknown', versionNote: expect.stringMatching(/does not include 2026-07-28/) });
    const strict = h.engine.connect({ era: 'modern', onUnexpectedVersion: 'fail' });
    h.reply(discoverResult(['2025-11-25']));
    await expect(strict).rejects.toMatchObject({ local: true, code: 'PROTOCOL_VERSION_MISMATCH', data: { status: 'not-offered' } });
  });

  it('answers an input_required result through the handler and retries under a new id with inputResponses and requestState', async () => {
    const h = await modernSession();
    const call = h.engine.request('tools/call', { name: 'weather', arguments: { units: 'metric' } });
    const first = h.last();
    h.reply({
      resultType: 'input_required',
      inputRequests: { city: { method: 'elicitation/create', params: { message: 'Which city?', requestedSchema: { type: 'object' } } } },
      requestState: 'opaque-1',
    });
    await settle();
    const retry = h.last();
    expect(retry.id).not.toBe(first.id);
    expect(retry).toMatchObject({
      method: 'tools/call',
      params: {
        name: 'weather',
        arguments: { units: 'metric' },
        inputResponses: { city: { action: 'accept', content: { city: 'Oslo', asked: 'Which city?' } } },
        requestState: 'opaque-1',
        _meta: { [META_PROTOCOL_VERSION]: '2026-07-28' },
      },
    });
    h.reply({ resultType: 'complete', content: [{ type: 'text', text: 'Sunny in Oslo' }] });
    await expect(call).resolves.toMatchObject({ id: retry.id, result: { content: [{ text: 'Sunny in Oslo' }] } });
  });

  it('hands an input_required result back as is when no handler can answer it', async () => {
    const h = await modernSession();
    const call = h.engine.request('tools/call', { name: 'plan' });
    h.reply({ resultType: 'input_required', inputRequests: { llm: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } } } });
    await expect(call).resolves.toMatchObject({ result: { resultType: 'input_required' } });
    expect(h.messages()).toHaveLength(2);
  });

  it('does not treat resultType input_required as a question in the legacy era', async () => {
    const h = harness();
    const done = h.engine.connect();
    h.reply(initializeResult('2025-11-25'));
    await done;
    const call = h.engine.request('tools/call', { name: 'x' });
    h.reply({ resultType: 'input_required', inputRequests: {} });
    await expect(call).resolves.toMatchObject({ result: { resultType: 'input_required' } });
    expect((h.last().params as Json)._meta).toBeUndefined();
  });
});

describe('the auto era', () => {
  it('probes with server/discover and settles on the modern era when the server lists 2026-07-28', async () => {
    const h = harness();
    const done = h.engine.connect({ era: 'auto' });
    expect(h.last().method).toBe('server/discover');
    h.reply(discoverResult());
    await expect(done).resolves.toMatchObject({ era: 'modern', probe: { outcome: 'modern' } });
    expect(h.messages().map((m) => m.method)).toEqual(['server/discover']);
  });

  it('falls back to initialize when the probe is answered with an error, keeping both on the wire', async () => {
    const h = harness();
    const done = h.engine.connect({ era: 'auto', protocolVersion: '2025-06-18' });
    h.replyError(-32601, 'Method not found');
    await settle();
    expect(h.last()).toMatchObject({ method: 'initialize', params: { protocolVersion: '2025-06-18' } });
    h.reply(initializeResult('2025-06-18'));
    const conn = await done;
    expect(conn).toMatchObject({ era: 'legacy', protocolVersion: '2025-06-18', probe: { outcome: 'error', detail: expect.stringMatching(/-32601/) } });
    expect(h.messages().map((m) => m.method)).toEqual(['server/discover', 'initialize', 'notifications/initialized']);
  });

  it('falls back to initialize when the probe times out, and ignores the late discover answer', async () => {
    const h = harness();
    const done = h.engine.connect({ era: 'auto', probeTimeoutMs: 200 });
    const probe = h.last();
    h.advance(199);
    await settle();
    expect(h.messages()).toHaveLength(1);
    h.advance(1);
    await settle();
    expect(h.last().method).toBe('initialize');
    expect(h.reply(discoverResult(), probe)).toBe(0);
    h.reply(initializeResult('2025-11-25'));
    await expect(done).resolves.toMatchObject({ era: 'legacy', probe: { outcome: 'timeout', detail: expect.stringMatching(/200 ms/) } });
  });

  it('falls back when discovery lists no modern version, and offers a legacy version when 2026-07-28 was picked', async () => {
    const h = harness();
    const done = h.engine.connect({ era: 'auto', protocolVersion: '2026-07-28' });
    h.reply(discoverResult(['2025-11-25']));
    await settle();
    expect(h.last()).toMatchObject({ method: 'initialize', params: { protocolVersion: '2025-11-25' } });
    h.reply(initializeResult('2025-11-25'));
    await expect(done).resolves.toMatchObject({ era: 'legacy', probe: { outcome: 'unsupported' } });
  });

  it('does not fall back when the connection closes during the probe', async () => {
    const h = harness();
    const done = h.engine.connect({ era: 'auto' });
    h.engine.close('the server process exited');
    await expect(done).rejects.toMatchObject({ local: true, code: 'CONNECTION_CLOSED' });
    expect(h.messages().map((m) => m.method)).toEqual(['server/discover']);
  });
});
