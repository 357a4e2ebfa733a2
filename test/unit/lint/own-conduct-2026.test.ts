// Issue 31 item 5 in the linter and the engine: an era probe's server/discover POST owes MCP-Protocol-Version, the era
// fallback's initialize is judged by the version it offers (not the 2026-07-28 the linter was told to assume), an auto
// probe's 404 set aside for legacy SSE does not make the SSE answer a duplicate, and -32022's data.supported picks the retry.
import { describe, expect, it } from 'vitest';
import { retryVersion } from '../../../shared/engine/connect-flow.js';
import { handshake, http, j, lint, meta2026, ruleIds } from './frames.js';

const DISCOVER = j({ id: 1, method: 'server/discover', params: { _meta: meta2026() } });
const NOT_FOUND = j({ id: 1, error: { code: -32601, message: 'Method not found' } });

describe("the linter on mcpscope's own 2026-07-28 paths", () => {
  it('flags a server/discover POST without MCP-Protocol-Version while the era is unknown, and not one with it', () => {
    const without = lint([http({ body: DISCOVER, status: 404 }), ['out', DISCOVER], ['in', NOT_FOUND]], { transport: 'http' });
    expect(ruleIds(without)).toContain('http/missing-protocol-version');
    const withIt = lint([http({ body: DISCOVER, status: 404, headers: [['MCP-Protocol-Version', '2026-07-28']] }), ['out', DISCOVER], ['in', NOT_FOUND]], {
      transport: 'http',
    });
    expect(ruleIds(withIt)).not.toContain('http/missing-protocol-version');
  });

  it("judges the fallback's initialize by the version it offers, though the linter assumed 2026-07-28", () => {
    const [init, result, initialized] = handshake('2025-11-25').map((p) => p);
    const findings = lint([['out', DISCOVER], ['in', NOT_FOUND], init!, result!, initialized!], { protocolVersion: '2026-07-28' });
    expect(ruleIds(findings)).toEqual([]);
  });

  it('takes a -32022 to server/discover as the 2026-07-28 answer it is, not as a code from another version than the fallback settles on', () => {
    const [init, result, initialized] = handshake('2025-11-25');
    const refused = j({ id: 1, error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2025-11-25'] } } });
    const findings = lint([['out', DISCOVER], ['in', refused], init!, result!, initialized!], { protocolVersion: '2025-11-25' });
    expect(ruleIds(findings)).toEqual([]);
  });

  it("does not count an auto probe's refused POST as the answer its request got over legacy SSE", () => {
    const [init, result, initialized] = handshake('2025-11-25');
    const probe = http({ body: init![1], status: 404, sentSeq: 1, purpose: 'probe' });
    const findings = lint([init!, probe, result!, initialized!], { transport: 'http' });
    expect(ruleIds(findings)).not.toContain('jsonrpc/duplicate-response');
  });
});

describe('the retry after -32022', () => {
  const refused = (supported: unknown) => ({
    jsonrpc: '2.0' as const,
    id: 1,
    error: { code: -32022, message: 'Unsupported protocol version', data: { supported } },
  });
  it('picks the latest version mcpscope speaks from data.supported, modern before legacy, the refused one too when listed (retried once)', () => {
    expect(retryVersion(refused(['2025-03-26', '2025-06-18', '2099-01-01']))).toEqual({ version: '2025-06-18', era: 'legacy' });
    expect(retryVersion(refused(['2025-11-25', '2026-07-28']))).toEqual({ version: '2026-07-28', era: 'modern' });
    expect(retryVersion(refused(['2026-07-28']))).toEqual({ version: '2026-07-28', era: 'modern' });
    expect(retryVersion(refused('2025-06-18'))).toBeNull();
    expect(retryVersion({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'no', data: { supported: ['2025-06-18'] } } })).toBeNull();
  });
});
