// The era of a refused request picks the client's authorization duties: the 2026-07-28 MUSTs only for 2026-07-28.
import { describe, expect, it } from 'vitest';
import { authDuties, versionOfRequest } from '../../../shared/oauth/auth-era.js';

describe('authorization duties by protocol era', () => {
  it('gives 2026-07-28 its three duties and no legacy version any of them', () => {
    expect(authDuties('2026-07-28')).toEqual({ applicationType: true, issRequiredWhenAdvertised: true, refuseMovedPreRegistered: true });
    for (const v of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', undefined, 'not-a-version'])
      expect(authDuties(v), String(v)).toEqual({ applicationType: false, issRequiredWhenAdvertised: false, refuseMovedPreRegistered: false });
  });

  it('reads the version from the MCP-Protocol-Version header first, then from what the body offers', () => {
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18' } });
    const modern = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
    });
    expect(versionOfRequest('2026-07-28', init)).toBe('2026-07-28');
    expect(versionOfRequest(undefined, init)).toBe('2025-06-18');
    expect(versionOfRequest(undefined, modern)).toBe('2026-07-28');
    expect(versionOfRequest(undefined, 'not json')).toBeUndefined();
    expect(versionOfRequest(undefined, 'null')).toBeUndefined();
    expect(versionOfRequest(undefined, undefined)).toBeUndefined();
  });
});
