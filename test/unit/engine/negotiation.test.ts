import { describe, expect, it } from 'vitest';
import { LocalEngineError, PeerRpcError } from '../../../shared/engine/index.js';
import { LEGACY_PROTOCOL_VERSIONS } from '../../../shared/mcp-versions.js';
import { harness, initializeResult, settle } from './engine-harness.js';

describe('legacy version negotiation', () => {
  it.each(LEGACY_PROTOCOL_VERSIONS)('offers %s in initialize and settles on it when the server agrees', async (version) => {
    const h = harness();
    const done = h.engine.connect({ era: 'legacy', protocolVersion: version, clientInfo: { name: 'mcpscope', version: '9' } });
    expect(h.last()).toMatchObject({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'mcpscope', version: '9' } },
    });
    h.reply(initializeResult(version));
    const conn = await done;
    expect(conn).toMatchObject({ era: 'legacy', protocolVersion: version, offeredVersion: version, versionStatus: 'as-offered', versionNote: null });
    expect(conn.serverInfo).toEqual({ name: 'test-server', version: '1.0.0' });
    expect(conn.instructions).toBe('Be nice.');
    expect(h.last()).toEqual({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(h.engine.connection).toBe(conn);
  });

  it('accepts and records an older supported version the server chose instead', async () => {
    const h = harness();
    const done = h.engine.connect({ protocolVersion: '2025-11-25' });
    h.reply(initializeResult('2024-11-05'));
    const conn = await done;
    expect(conn).toMatchObject({ protocolVersion: '2024-11-05', offeredVersion: '2025-11-25', versionStatus: 'older-supported' });
    expect(conn.versionNote).toMatch(/2024-11-05.*older.*2025-11-25/);
    expect(h.messages().map((m) => m.method)).toEqual(['initialize', 'notifications/initialized']);
  });

  it('reports a known version the client did not offer, and goes on by default', async () => {
    const h = harness();
    const done = h.engine.connect({ protocolVersion: '2024-11-05' });
    h.reply(initializeResult('2025-06-18'));
    const conn = await done;
    expect(conn).toMatchObject({ protocolVersion: '2025-06-18', versionStatus: 'not-offered' });
    expect(conn.versionNote).toMatch(/did not offer.*2024-11-05/);
    expect(h.last().method).toBe('notifications/initialized');
  });

  it('reports an unknown version clearly and, when told to, stops before notifications/initialized', async () => {
    const h = harness();
    const done = h.engine.connect({ protocolVersion: '2025-11-25', onUnexpectedVersion: 'fail' });
    h.reply(initializeResult('2099-01-01'));
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocalEngineError);
    expect(err).toMatchObject({ local: true, code: 'PROTOCOL_VERSION_MISMATCH', data: { status: 'unknown', answered: '2099-01-01' } });
    expect((err as Error).message).toMatch(/"2099-01-01" is not a protocol version mcpscope knows/);
    expect(h.messages().map((m) => m.method)).toEqual(['initialize']);
    expect(h.engine.connection).toBeNull();
  });

  it('goes on with an unknown version when asked to proceed, saying so', async () => {
    const h = harness();
    const done = h.engine.connect({ onUnexpectedVersion: 'proceed' });
    h.reply(initializeResult('2099-01-01'));
    await expect(done).resolves.toMatchObject({ protocolVersion: '2099-01-01', versionStatus: 'unknown', versionNote: expect.stringMatching(/2099-01-01/) });
  });

  it('treats an initialize result without a protocolVersion as unknown and keeps the offered one', async () => {
    const h = harness();
    const done = h.engine.connect({ protocolVersion: '2025-06-18' });
    h.reply({ capabilities: {} });
    await expect(done).resolves.toMatchObject({
      protocolVersion: '2025-06-18',
      versionStatus: 'unknown',
      versionNote: expect.stringMatching(/no protocolVersion/),
    });
  });

  it('refuses a newer version when told to fail, with the versions in the error', async () => {
    const h = harness();
    const done = h.engine.connect({ protocolVersion: '2025-03-26', onUnexpectedVersion: 'fail' });
    h.reply(initializeResult('2025-11-25'));
    await expect(done).rejects.toMatchObject({ code: 'PROTOCOL_VERSION_MISMATCH', data: { status: 'not-offered', answered: '2025-11-25' } });
  });

  it('fails with the peer error, not a local one, when initialize is answered with an error', async () => {
    const h = harness();
    const done = h.engine.connect();
    h.replyError(-32602, 'Unsupported protocol version');
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PeerRpcError);
    expect(err).toMatchObject({ local: false, response: { error: { code: -32602 } } });
  });

  it('declares the capabilities its handlers can answer unless told otherwise', async () => {
    const h = harness();
    h.engine.handle('roots/list', () => ({ roots: [] }));
    h.engine.handle('elicitation/create', () => ({ action: 'decline' }));
    void h.engine.connect().catch(() => undefined);
    expect(h.last().params).toMatchObject({ capabilities: { roots: {}, elicitation: {} } });
    void h.engine.connect({ capabilities: { experimental: { x: {} } } }).catch(() => undefined);
    expect((h.last().params as { capabilities: unknown }).capabilities).toEqual({ experimental: { x: {} } });
  });

  it('still offers the version through the original handshake() call and records the session', async () => {
    const h = harness();
    const done = h.engine.handshake('2024-11-05', { name: 'mcpscope', version: '0.1.0' });
    h.reply(initializeResult('2024-11-05'));
    await expect(done).resolves.toMatchObject({ protocolVersion: '2024-11-05' });
    await settle();
    expect(h.engine.connection).toMatchObject({ era: 'legacy', protocolVersion: '2024-11-05' });
  });
});
