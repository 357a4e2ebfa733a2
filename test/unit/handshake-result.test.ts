// Which exchange started the current server process, read from the log: initialize, server/discover, or auto's probe
// followed by initialize; and whether a discovery is still on the wire.
import { describe, expect, it } from 'vitest';
import { discoveryInFlight, findHandshake } from '../../web/lib/mcp/handshake-result.js';
import { MessageStore } from '../../web/lib/log/message-store.js';
import { frames, handshake, j, meta2026, type Pair } from './lint/frames.js';

const DISCOVERED = {
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: {} },
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'v2', version: '2.0.0' } },
};

function logOf(pairs: readonly Pair[]) {
  const s = new MessageStore();
  s.append('s1', frames(pairs));
  return { s, log: s.source('s1') };
}

describe('findHandshake', () => {
  it('takes an answered server/discover as the modern handshake, with serverInfo and version lifted out of _meta', () => {
    const { s, log } = logOf([['out', j({ id: 1, method: 'server/discover', params: { _meta: meta2026() } })]]);
    expect(findHandshake(log)).toBeNull();
    expect(discoveryInFlight(log)).toBe(true);
    s.append('s1', frames([['in', j({ id: 1, result: DISCOVERED })]], 2));
    expect(discoveryInFlight(log)).toBe(false);
    expect(findHandshake(log)).toMatchObject({
      era: 'modern',
      requestSeq: 1,
      offeredVersion: '2026-07-28',
      probe: null,
      result: { protocolVersion: '2026-07-28', serverInfo: { name: 'v2' }, capabilities: { tools: {} } },
    });
  });

  it('explains the probe when auto fell back to initialize after an error', () => {
    const { log } = logOf([
      ['out', j({ id: 1, method: 'server/discover', params: { _meta: meta2026() } })],
      ['in', j({ id: 1, error: { code: -32601, message: 'Method not found' } })],
      ...handshake().map(([dir, text]) => [dir, text.replace('"id":0', '"id":2')] as const),
    ]);
    const found = findHandshake(log);
    expect(found).toMatchObject({ era: 'legacy', requestSeq: 3, offeredVersion: '2025-11-25' });
    expect(found?.probe).toMatch(/^server\/discover \(#1\) was answered with error -32601 \(Method not found\), so mcpscope fell back to initialize$/);
  });

  it('keeps a legacy handshake when the composer later sends a server/discover that fails', () => {
    const { log } = logOf([
      ...handshake(),
      ['out', j({ id: 7, method: 'server/discover', params: {} })],
      ['in', j({ id: 7, error: { code: -32601, message: 'no' } })],
    ]);
    expect(findHandshake(log)).toMatchObject({ era: 'legacy', requestSeq: 1, probe: null });
  });

  it('starts over when a new process is spawned', () => {
    const { s, log } = logOf([
      ['out', j({ id: 1, method: 'server/discover', params: { _meta: meta2026() } })],
      ['in', j({ id: 1, result: DISCOVERED })],
    ]);
    expect(findHandshake(log)?.era).toBe('modern');
    s.append('s1', frames([['relay', JSON.stringify({ event: 'spawned' })]], 3));
    expect(findHandshake(log)).toBeNull();
  });
});
