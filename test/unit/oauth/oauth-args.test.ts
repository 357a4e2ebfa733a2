import { describe, expect, it } from 'vitest';
import { parseCallArgs } from '../../../server/call/call-args.js';

const base = ['--method', 'tools/list', '--url', 'http://127.0.0.1:9/mcp'];

describe('mcpscope call OAuth flags', () => {
  it('puts the OAuth options on the target', () => {
    const o = parseCallArgs([...base, '--auth', 'oauth', '--client-id', 'c', '--client-secret', 's', '--scope', 'a b', '--oauth-open', 'fetch', '--no-token-cache', '--callback-port', '8123']);
    expect(o.target?.transport !== 'stdio' && o.target?.auth).toEqual({ type: 'oauth', clientId: 'c', clientSecret: 's', scope: 'a b', open: 'fetch', tokenCache: false, callbackPort: 8123 });
  });

  it('refuses OAuth options without --auth oauth, and a secret without a client id', () => {
    expect(() => parseCallArgs([...base, '--client-id', 'c'])).toThrow('--client-id goes with --auth oauth');
    expect(() => parseCallArgs([...base, '--auth', 'oauth', '--client-secret', 's'])).toThrow('--client-secret goes with --client-id');
  });

  it('refuses a pre-registered client together with a metadata document URL, and a URL without a path', () => {
    expect(() => parseCallArgs([...base, '--auth', 'oauth', '--client-id', 'c', '--client-metadata-url', 'https://x/c.json'])).toThrow('exclude each other');
    expect(() => parseCallArgs([...base, '--auth', 'oauth', '--client-metadata-url', 'https://x/'])).toThrow('an https URL with a path');
  });

  it('refuses an unknown open mode, another auth type, and OAuth on a stdio server', () => {
    expect(() => parseCallArgs([...base, '--auth', 'oauth', '--oauth-open', 'popup'])).toThrow('--oauth-open must be one of browser, print, fetch');
    expect(() => parseCallArgs([...base, '--auth', 'basic'])).toThrow('--auth must be oauth');
    expect(() => parseCallArgs(['--method', 'x', '--auth', 'oauth', '--', 'node', 's.js'])).toThrow('go with --url');
  });
});
