import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StdioTarget } from '../../../shared/relay-protocol.js';
import type { RelayError } from '../../../server/errors.js';
import { RecipeTrust, TRUST_FILE, recipeHash } from '../../../server/trust/recipe-trust.js';

const recipe = (env: Record<string, string> = {}, args = ['server.js']): StdioTarget => ({ transport: 'stdio', command: 'node', args, env, cwd: '/srv' });

describe('the confirmed-recipe store', () => {
  it('names a recipe by everything it spawns: a changed secret, a changed dangerous value, an added variable, another directory or argument each give another hash', () => {
    const base = recipeHash(recipe({ API_KEY: 'a', NODE_OPTIONS: '--import=x' }));
    const variants = [
      recipe({ API_KEY: 'b', NODE_OPTIONS: '--import=x' }),
      recipe({ NODE_OPTIONS: '--import=x' }),
      recipe({ API_KEY: 'a', NODE_OPTIONS: '--import=y' }),
      recipe({ API_KEY: 'a' }),
      recipe({ API_KEY: 'a', NODE_OPTIONS: '--import=x', EXTRA: '' }),
      recipe({ API_KEY: 'a', NODE_OPTIONS: '--import=x' }, ['server.js', '--x']),
      recipe({ API_KEY: 'a', NODE_OPTIONS: '--import=x' }, ['server.js --x']),
      { ...recipe({ API_KEY: 'a', NODE_OPTIONS: '--import=x' }), cwd: '/elsewhere' },
      { ...recipe({ API_KEY: 'a', NODE_OPTIONS: '--import=x' }), command: 'nodejs' },
    ];
    const hashes = variants.map(recipeHash);
    for (const h of hashes) expect(h).not.toBe(base);
    expect(new Set(hashes).size).toBe(variants.length);
    // The same recipe written in another order is the same recipe.
    expect(recipeHash(recipe({ NODE_OPTIONS: '--import=x', API_KEY: 'a' }))).toBe(base);
  });

  it('keeps names and values apart: a value cannot pass for part of a name, nor two values trade places', () => {
    expect(recipeHash(recipe({ A: 'B=C' }))).not.toBe(recipeHash(recipe({ 'A=B': 'C' })));
    expect(recipeHash(recipe({ A: '1', B: '2' }))).not.toBe(recipeHash(recipe({ A: '2', B: '1' })));
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

  it('writes nothing when a typed recipe is typed again, and a yes still upgrades a typed one', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'mcpscope-trust-')), 'data');
    const file = join(dir, TRUST_FILE);
    new RecipeTrust(dir).allow(recipe(), 'typed');
    const first = readFileSync(file, 'utf8');
    const written = statSync(file).ino;
    new RecipeTrust(dir).allow(recipe(), 'typed');
    expect(statSync(file).ino).toBe(written);
    expect(readFileSync(file, 'utf8')).toBe(first);
    new RecipeTrust(dir).allow(recipe(), 'confirmed');
    expect((JSON.parse(readFileSync(file, 'utf8')) as { recipes: Record<string, { how: string }> }).recipes[recipeHash(recipe())]?.how).toBe('confirmed');
  });
});
