// A server/discover answered for someone else (an earlier load, another tab) gives this engine the same modern session.
import { describe, expect, it } from 'vitest';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION } from '../../../shared/engine/index.js';
import { harness, settle } from './engine-harness.js';

const meta = {
  [META_PROTOCOL_VERSION]: '2026-07-28',
  [META_CLIENT_CAPABILITIES]: { elicitation: {} },
  [META_CLIENT_INFO]: { name: 'mcpscope', version: '9.9.9' },
};
const discoverResult = {
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: {} },
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } },
};

describe('adoptDiscovery', () => {
  it('makes later requests carry the `_meta` keys the discovery was sent with', () => {
    const h = harness();
    const conn = h.engine.adoptDiscovery({ _meta: meta }, discoverResult);
    expect(conn).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', serverInfo: { name: 's' }, serverCapabilities: { tools: {} } });
    void h.engine.request('tools/list', {});
    expect(h.last()).toMatchObject({ method: 'tools/list', params: { _meta: meta } });
  });

  it('ignores a discovery answered while the engine connects itself (auto falling back must not send modern keys)', async () => {
    const h = harness();
    const connected = h.engine.connect({ era: 'auto', protocolVersion: '2025-11-25' });
    const probe = h.last();
    expect(probe.method).toBe('server/discover');
    expect(h.engine.adoptDiscovery(probe.params, { supportedVersions: ['2099-01-01'] })).toBeNull();
    h.reply({ supportedVersions: ['2099-01-01'] }, probe);
    await settle();
    const init = h.last();
    expect(init).toMatchObject({ method: 'initialize' });
    expect((init.params as Record<string, unknown>)._meta).toBeUndefined();
    h.reply({ protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'x', version: '1' } }, init);
    expect((await connected).era).toBe('legacy');
  });
});
