import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCallArgs } from '../../../server/call/call-args.js';

const base = ['--method', 'tools/list', '--url', 'http://127.0.0.1:9/mcp'];

describe('mcpscope call OAuth flags', () => {
  it('puts the OAuth options on the target', () => {
    const o = parseCallArgs([
      ...base,
      '--auth',
      'oauth',
      '--client-id',
      'c',
      '--client-secret',
      's',
      '--scope',
      'a b',
      '--oauth-open',
      'fetch',
      '--no-token-cache',
      '--callback-port',
      '8123',
    ]);
    expect(o.target?.transport !== 'stdio' && o.target?.auth).toEqual({
      type: 'oauth',
      clientId: 'c',
      clientSecret: 's',
      scope: 'a b',
      open: 'fetch',
      tokenCache: false,
      callbackPort: 8123,
    });
  });

  it('refuses OAuth options without --auth oauth, and a secret without a client id', () => {
    expect(() => parseCallArgs([...base, '--client-id', 'c'])).toThrow('--client-id goes with --auth oauth');
    expect(() => parseCallArgs([...base, '--auth', 'oauth', '--client-secret', 's'])).toThrow('--client-secret goes with --client-id');
  });

  it('refuses a pre-registered client together with a metadata document URL, and a URL without a path', () => {
    expect(() => parseCallArgs([...base, '--auth', 'oauth', '--client-id', 'c', '--client-metadata-url', 'https://x/c.json'])).toThrow('exclude each other');
    expect(() => parseCallArgs([...base, '--auth', 'oauth', '--client-metadata-url', 'https://x/'])).toThrow('an https URL with a path');
  });

  it('takes the client credentials grant with a secret, or with a private key whose path it resolves', () => {
    const secret = parseCallArgs([...base, '--auth', 'oauth', '--grant', 'client-credentials', '--client-id', 'c', '--client-secret', 's']);
    expect(secret.target?.transport !== 'stdio' && secret.target?.auth).toEqual({
      type: 'oauth',
      grant: 'client_credentials',
      clientId: 'c',
      clientSecret: 's',
    });
    const key = parseCallArgs([
      ...base,
      '--auth',
      'oauth',
      '--grant',
      'client-credentials',
      '--client-id',
      'c',
      '--client-key',
      'keys/c.pem',
      '--signing-alg',
      'ES256',
    ]);
    expect(key.target?.transport !== 'stdio' && key.target?.auth).toEqual({
      type: 'oauth',
      grant: 'client_credentials',
      clientId: 'c',
      clientKeyFile: join(process.cwd(), 'keys', 'c.pem'),
      signingAlg: 'ES256',
    });
  });

  it('refuses client credentials without a client and a way to authenticate, and options only a person needs', () => {
    const cc = [...base, '--auth', 'oauth', '--grant', 'client-credentials'];
    expect(() => parseCallArgs(cc)).toThrow('needs a pre-registered client');
    expect(() => parseCallArgs([...cc, '--client-id', 'c'])).toThrow('needs a pre-registered client');
    expect(() => parseCallArgs([...cc, '--client-id', 'c', '--client-secret', 's', '--client-key', 'k.pem'])).toThrow('exclude each other');
    expect(() => parseCallArgs([...cc, '--client-id', 'c', '--client-secret', 's', '--oauth-open', 'print'])).toThrow(
      '--oauth-open goes with the authorization code grant',
    );
    expect(() => parseCallArgs([...base, '--auth', 'oauth', '--client-key', 'k.pem'])).toThrow('--client-key goes with --grant client-credentials');
    expect(() => parseCallArgs([...base, '--auth', 'oauth', '--grant', 'implicit'])).toThrow('--grant must be one of authorization-code, client-credentials');
  });

  it('refuses an unknown open mode, another auth type, and OAuth on a stdio server', () => {
    expect(() => parseCallArgs([...base, '--auth', 'oauth', '--oauth-open', 'popup'])).toThrow('--oauth-open must be one of browser, print, fetch');
    expect(() => parseCallArgs([...base, '--auth', 'basic'])).toThrow('--auth must be oauth');
    expect(() => parseCallArgs(['--method', 'x', '--auth', 'oauth', '--', 'node', 's.js'])).toThrow('go with --url');
  });
});
