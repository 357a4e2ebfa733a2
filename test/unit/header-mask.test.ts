import { describe, expect, it } from 'vitest';
import { HeaderMask, MASK, maskUrl } from '../../server/transports/header-mask.js';
import { sessionName, storedTarget } from '../../server/core/stored-target.js';

describe('HeaderMask', () => {
  it('masks credentials but keeps the auth scheme, and leaves protocol headers alone', () => {
    const m = new HeaderMask({ 'X-Tenant': 'acme' });
    expect(
      m.lines([
        ['Authorization', 'Bearer abc.def'],
        ['authorization', 'Basic dXNlcjpwYXNz'],
        ['Cookie', 'a=1'],
        ['Mcp-Session-Id', 's-1'],
        ['x-tenant', 'acme'],
      ]),
    ).toEqual([
      ['Authorization', `Bearer ${MASK}`],
      ['authorization', `Basic ${MASK}`],
      ['Cookie', MASK],
      ['Mcp-Session-Id', 's-1'],
      ['x-tenant', MASK],
    ]);
    expect(m.value('Authorization', 'sk-raw-token')).toBe(MASK);
  });
});

describe('storedTarget and maskUrl', () => {
  it('masks header values and a password in the URL of a remote target', () => {
    const t = storedTarget({ transport: 'http', url: 'https://me:hunter2@mcp.example.com/mcp?x=1', headers: { Authorization: 'Bearer t0k3n', 'X-Key': 'k' } });
    expect(t).toEqual({ transport: 'http', url: `https://me:${MASK}@mcp.example.com/mcp?x=1`, headers: { Authorization: `Bearer ${MASK}`, 'X-Key': MASK } });
    expect(maskUrl('http://127.0.0.1:1/sse')).toBe('http://127.0.0.1:1/sse');
  });

  it("masks a stdio target's secret env, flag values and credential shapes, and keeps what a replay can set again", () => {
    const t = storedTarget(
      {
        transport: 'stdio',
        command: 'node',
        args: ['server.js', '--api-key', 'k-123456', '--token=t-123456', '--db', 'postgres://u:pw-12345@db/x', '--port', '8080'],
        env: { GITHUB_TOKEN: 'ghp_x', MODE: 'dev', LOG_LEVEL: 'debug', DSN: 'mysql://root:rootpw1@h/db' },
      },
      ['MODE'],
    );
    expect(t).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['server.js', '--api-key', '[REDACTED]', '--token=[REDACTED]', '--db', 'postgres://u:[REDACTED]@db/x', '--port', '8080'],
      env: { GITHUB_TOKEN: MASK, MODE: MASK, LOG_LEVEL: 'debug', DSN: 'mysql://root:[REDACTED]@h/db' },
    });
    expect(sessionName(t)).toBe('node server.js --api-key [REDACTED] --token=[REDACTED] --db x --port 8080');
  });
});
