import { describe, expect, it } from 'vitest';
import { HeaderMask, MASK, maskUrl, redactTarget } from '../../server/transports/header-mask.js';

describe('HeaderMask', () => {
  it('masks credentials but keeps the auth scheme, and leaves protocol headers alone', () => {
    const m = new HeaderMask({ 'X-Tenant': 'acme' });
    expect(m.lines([['Authorization', 'Bearer abc.def'], ['authorization', 'Basic dXNlcjpwYXNz'], ['Cookie', 'a=1'], ['Mcp-Session-Id', 's-1'], ['x-tenant', 'acme']])).toEqual([
      ['Authorization', `Bearer ${MASK}`],
      ['authorization', `Basic ${MASK}`],
      ['Cookie', MASK],
      ['Mcp-Session-Id', 's-1'],
      ['x-tenant', MASK],
    ]);
    expect(m.value('Authorization', 'sk-raw-token')).toBe(MASK);
  });
});

describe('redactTarget and maskUrl', () => {
  it('masks header values and a password in the URL, and leaves stdio targets untouched', () => {
    const t = redactTarget({ transport: 'http', url: 'https://me:hunter2@mcp.example.com/mcp?x=1', headers: { Authorization: 'Bearer t0k3n', 'X-Key': 'k' } });
    expect(t).toEqual({ transport: 'http', url: `https://me:${MASK}@mcp.example.com/mcp?x=1`, headers: { Authorization: `Bearer ${MASK}`, 'X-Key': MASK } });
    const stdio = { transport: 'stdio' as const, command: 'node', args: [], env: { TOKEN: 'kept: env is not a header' } };
    expect(redactTarget(stdio)).toBe(stdio);
    expect(maskUrl('http://127.0.0.1:1/sse')).toBe('http://127.0.0.1:1/sse');
  });
});
