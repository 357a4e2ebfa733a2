import { describe, expect, it } from 'vitest';
import type { RemoteTarget } from '../../../shared/relay-protocol.js';
import { REDACTED } from '../../../shared/redaction/secret-patterns.js';
import { localPathOptions } from '../../../shared/trust/local-path-options.js';
import { reviewRemoteRecipe, type RemoteRecipeReview } from '../../../shared/trust/remote-recipe-review.js';
import type { RelayError } from '../../../server/errors.js';
import { remoteRecipeHash } from '../../../server/trust/remote-recipe-hash.js';
import { RecipeTrust } from '../../../server/trust/recipe-trust.js';

const remote = (over: Partial<RemoteTarget> = {}): RemoteTarget => ({
  transport: 'http',
  url: 'https://user:pw@mcp.example.test/mcp',
  headers: { Authorization: 'Bearer tok-1', 'X-Team': 'blue' },
  auth: { type: 'oauth', clientId: 'cid', clientSecret: 'cs-1', scope: 'read' },
  ...over,
});

describe('the identity of a remote recipe', () => {
  it('changes with the transport, URL, any header name or value, the URL password and any auth setting', () => {
    const base = remoteRecipeHash(remote());
    const variants: RemoteTarget[] = [
      remote({ transport: 'sse' }),
      remote({ url: 'https://user:pw@elsewhere.test/mcp' }),
      remote({ url: 'https://user:pw2@mcp.example.test/mcp' }),
      remote({ headers: { Authorization: 'Bearer tok-2', 'X-Team': 'blue' } }),
      remote({ headers: { Authorization: 'Bearer tok-1', 'X-Team': 'blue', 'X-More': '' } }),
      remote({ auth: { type: 'oauth', clientId: 'cid', clientSecret: 'cs-2', scope: 'read' } }),
      remote({ auth: { type: 'oauth', clientId: 'cid', clientSecret: 'cs-1', scope: 'admin' } }),
      remote({ auth: undefined }),
      remote({ timeoutMs: 5 }),
    ];
    for (const v of variants) expect(remoteRecipeHash(v), JSON.stringify(v)).not.toBe(base);
    // Order is not identity: a file listing the same headers the other way round is the same recipe.
    expect(remoteRecipeHash(remote({ headers: { 'X-Team': 'blue', Authorization: 'Bearer tok-1' } }))).toBe(base);
  });

  it('is reviewed with every header value, the URL password and the client secret masked', () => {
    const r = reviewRemoteRecipe(remote(), 'h', 'the bundle b.json');
    expect(r).toEqual({
      kind: 'remote',
      hash: 'h',
      source: 'the bundle b.json',
      transport: 'http',
      url: `https://user:${REDACTED}@mcp.example.test/mcp`,
      headers: [
        { name: 'Authorization', value: `Bearer ${REDACTED}` },
        { name: 'X-Team', value: REDACTED },
      ],
      auth: [
        { name: 'type', value: 'oauth' },
        { name: 'clientId', value: 'cid' },
        { name: 'clientSecret', value: REDACTED },
        { name: 'scope', value: 'read' },
      ],
    } satisfies RemoteRecipeReview);
    expect(JSON.stringify(r)).not.toMatch(/tok-1|cs-1|:pw@|blue/);
  });

  it('refuses an unconfirmed remote recipe from a file with its review; the yes and a typed URL are remembered', () => {
    const trust = new RecipeTrust(null);
    let refusal: RelayError | null = null;
    try {
      trust.require(remote(), 'the bundle b.json');
    } catch (err) {
      refusal = err as RelayError;
    }
    expect(refusal?.code).toBe('RECIPE_UNCONFIRMED');
    expect(refusal?.message).toContain(`would connect to https://user:${REDACTED}@mcp.example.test/mcp`);
    expect(refusal?.review).toMatchObject({ kind: 'remote', hash: remoteRecipeHash(remote()) });
    expect(trust.confirmPending(refusal!.review!.hash)).toBe(true);
    expect(() => trust.require(remote(), 'the bundle b.json')).not.toThrow();
    expect(() => trust.require(remote({ headers: {} }), 'the bundle b.json')).toThrow(/would connect/);
    trust.allow(remote({ headers: {} }), 'typed');
    expect(() => trust.require(remote({ headers: {} }), 'the bundle b.json')).not.toThrow();
  });
});

describe('options naming a local file', () => {
  it('are found wherever they sit, except a redacted one and those the caller says are never read', () => {
    expect(localPathOptions(remote({ auth: { type: 'oauth', clientId: 'c', clientKeyFile: '/home/u/.ssh/id' } }))).toEqual(['auth.clientKeyFile']);
    expect(localPathOptions(remote({ auth: { type: 'oauth', clientId: 'c', clientKeyFile: REDACTED } }))).toEqual([]);
    expect(localPathOptions({ envFile: '.env', tls: { caFile: '/etc/ca.pem' }, x: { certFile: { path: '/k' } } }, ['envFile'])).toEqual([
      'tls.caFile',
      'x.certFile',
    ]);
    expect(localPathOptions(remote())).toEqual([]);
  });
});
