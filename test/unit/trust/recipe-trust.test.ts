import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StdioTarget } from '../../../shared/relay-protocol.js';
import type { RelayError } from '../../../server/errors.js';
import { RecipeTrust, TRUST_FILE, recipeHash } from '../../../server/trust/recipe-trust.js';

const recipe = (env: Record<string, string> = {}, args = ['server.js']): StdioTarget => ({ transport: 'stdio', command: 'node', args, env, cwd: '/srv' });

describe('the confirmed-recipe store', () => {
  it('names a recipe by command, args, directory and non-secret env; secret values do not change it, dangerous ones do', () => {
    expect(recipeHash(recipe({ API_KEY: 'a' }))).toBe(recipeHash(recipe({ API_KEY: 'b' })));
    expect(recipeHash(recipe({ API_KEY: 'a' }))).toBe(recipeHash(recipe()));
    expect(recipeHash(recipe({ NODE_OPTIONS: '--import=x' }))).not.toBe(recipeHash(recipe()));
    expect(recipeHash(recipe({}, ['server.js', '--x']))).not.toBe(recipeHash(recipe()));
    expect(recipeHash({ ...recipe(), cwd: '/elsewhere' })).not.toBe(recipeHash(recipe()));
  });

  it('refuses an unconfirmed recipe with its review, and confirms only a hash it refused', () => {
    const trust = new RecipeTrust(null);
    const t = recipe({ NODE_OPTIONS: '--import=data:x' });
    let refusal: RelayError | null = null;
    try {
      trust.require(t, 'the bundle b.json');
    } catch (err) {
      refusal = err as RelayError;
    }
    expect(refusal?.code).toBe('RECIPE_UNCONFIRMED');
    expect(refusal?.status).toBe(428);
    expect(refusal?.review).toMatchObject({ source: 'the bundle b.json', dangerous: ['NODE_OPTIONS'] });
    expect(trust.confirmPending('0'.repeat(64))).toBe(false);
    expect(trust.confirmPending(refusal!.review!.hash)).toBe(true);
    expect(() => trust.require(t, 'the bundle b.json')).not.toThrow();
  });

  it('keeps confirmations in a 0600 file that another store on the same data dir reads', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'mcpscope-trust-')), 'data');
    new RecipeTrust(dir).allow(recipe(), 'confirmed');
    expect(new RecipeTrust(dir).isConfirmed(recipe())).toBe(true);
    expect(new RecipeTrust(dir).isConfirmed(recipe({ EXTRA: '1' }))).toBe(false);
    expect(statSync(join(dir, TRUST_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});
