import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SecurityGuard, tokensEqual } from '../../server/relay/security.js';

const guard = new SecurityGuard({ token: 'sekrit-token-0123456789', host: '127.0.0.1', port: () => 7410 });
const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('tokensEqual', () => {
  it('accepts only the exact token, whatever the lengths', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abc', 'abd')).toBe(false);
    expect(tokensEqual('abc', 'abcd')).toBe(false);
    expect(tokensEqual('', 'abc')).toBe(false);
  });
});

describe('SecurityGuard', () => {
  it('allows the loopback names on the listening port and nothing else', () => {
    for (const h of ['127.0.0.1:7410', 'localhost:7410', '[::1]:7410', 'LOCALHOST:7410']) expect(guard.hostAllowed(h)).toBe(true);
    for (const h of ['evil.example:7410', '127.0.0.1:80', '127.0.0.1', 'rebind.127.0.0.1.nip.io:7410']) expect(guard.hostAllowed(h)).toBe(false);
    expect(guard.hostAllowed(undefined)).toBe(false);
  });

  it('allows the configured remote host only when the relay was bound to it', () => {
    const remote = new SecurityGuard({ token: 't'.repeat(16), host: '192.168.1.5', port: () => 9000 });
    expect(remote.hostAllowed('192.168.1.5:9000')).toBe(true);
    expect(guard.hostAllowed('192.168.1.5:7410')).toBe(false);
  });

  it('accepts a missing Origin or our own, and refuses any other', () => {
    expect(guard.originAllowed(undefined)).toBe(true);
    expect(guard.originAllowed('http://127.0.0.1:7410')).toBe(true);
    expect(guard.originAllowed('http://localhost:7410')).toBe(true);
    expect(guard.originAllowed('http://evil.example')).toBe(false);
    expect(guard.originAllowed('https://127.0.0.1:7410')).toBe(false);
    expect(guard.originAllowed('null')).toBe(false);
  });

  it('checks the bearer token and the WebSocket token subprotocol', () => {
    expect(guard.bearerValid('Bearer sekrit-token-0123456789')).toBe(true);
    expect(guard.bearerValid('Bearer sekrit-token-0123456780')).toBe(false);
    expect(guard.bearerValid('sekrit-token-0123456789')).toBe(false);
    expect(guard.bearerValid(undefined)).toBe(false);
    expect(guard.wsTokenValid('mcpscope.v1, token.sekrit-token-0123456789')).toBe(true);
    expect(guard.wsTokenValid('mcpscope.v1, token.wrong')).toBe(false);
    expect(guard.wsTokenValid('mcpscope.v1')).toBe(false);
  });

  it('refuses a cross-site fetch even without an Origin header', () => {
    expect(() => guard.checkRequest(req({ host: '127.0.0.1:7410', 'sec-fetch-site': 'cross-site' }))).toThrow(/not allowed/);
    expect(() => guard.checkRequest(req({ host: '127.0.0.1:7410', 'sec-fetch-site': 'same-origin' }))).not.toThrow();
  });
});
