import { describe, expect, it } from 'vitest';
import { RecipeTargetSchema, TargetSchema } from '../../../shared/relay-protocol.js';
import { ProfileInputSchema, StoredProfileInputSchema } from '../../../shared/profiles/profile.js';
import { EnvNameError, assertSpawnableEnv, envError, envNameError, quoteEscaped } from '../../../shared/trust/env-names.js';

/** Names a file could carry that are not names, with what the error must say about each. */
const BAD_NAMES: [string, RegExp][] = [
  ['NODE_OPTIONS=--import=data:x//_TOKEN', /"NODE_OPTIONS=--import=data:x\/\/_TOKEN": not a valid name \(it contains "="/],
  ['=', /"=": not a valid name \(it contains "="/],
  ['A\0B', /"A\\u0000B": not a valid name \(it contains a NUL character\)/],
  ['MY VAR', /"MY VAR": not a valid name \(it contains a space\)/],
  ['A\nNODE_OPTIONS', /"A\\nNODE_OPTIONS": not a valid name \(it contains a control character\)/],
  ['A\rB', /"A\\rB": not a valid name \(it contains a control character\)/],
  ['A\u001bB', /"A\\u001bB": not a valid name \(it contains a control character\)/],
  ['NODE_OPTI\u041eNS', /"NODE_OPTI\\u041eNS": not a valid name \(it contains a character outside ASCII\)/],
  ['X\u202e', /"X\\u202e": not a valid name \(it contains a character outside ASCII\)/],
  ['1PATH', /"1PATH": not a valid name \(it starts with a digit\)/],
  ['', /"": not a valid name \(it is empty\)/],
  ['A-B', /"A-B": not a valid name \(it contains a character other than letters, digits and _\)/],
];

describe('environment variable names', () => {
  it('accepts the names a shell can export', () => {
    for (const name of ['PATH', 'NODE_OPTIONS', '_', '_x1', 'a', 'API_KEY_2']) expect(envNameError(name), name).toBeNull();
  });

  it('refuses every other name with an error that names it, control characters escaped, and says what is wrong', () => {
    for (const [name, said] of BAD_NAMES) {
      const error = envNameError(name);
      expect(error, JSON.stringify(name)).toMatch(said);
      expect(error).toMatch(/^environment variable "/);
      // What reaches a terminal or a page never carries the raw control character.
      expect([...error!].filter((c) => c < ' ' || c > '~')).toEqual([]);
    }
  });

  it('shows a long name cut short, with its length', () => {
    const shown = quoteEscaped(`A=${'x'.repeat(5000)}`);
    expect(shown.length).toBeLessThan(100);
    expect(shown).toContain('(5002 characters)');
  });

  it('finds the first bad name in a recipe, and a value with a NUL', () => {
    expect(envError({ GOOD: '1', 'BAD=1': '2' })).toMatch(/"BAD=1"/);
    expect(envError({ GOOD: 'a\0b' })).toBe('environment variable GOOD: its value contains a NUL character');
    expect(envError({ GOOD: '1', ALSO_GOOD: 'x=y' })).toBeNull();
  });

  it('the last guard before spawn throws on what the entries refuse', () => {
    for (const [name] of BAD_NAMES) expect(() => assertSpawnableEnv({ [name]: 'v' })).toThrow(EnvNameError);
    expect(() => assertSpawnableEnv({ [BAD_NAMES[0]![0]]: 'v' })).toThrow(/^refused to start the server: environment variable "NODE_OPTIONS=/);
    expect(() => assertSpawnableEnv({ PATH: '/bin', X: '' })).not.toThrow();
  });
});

describe('recipes as they enter and as they were stored', () => {
  const stdio = (env: Record<string, string>) => ({ transport: 'stdio', command: 'node', args: [], env });

  it('an entering recipe (API body, bundle, profile, config) is refused at env, naming the variable', () => {
    for (const [name, said] of BAD_NAMES) {
      const r = RecipeTargetSchema.safeParse(stdio({ [name]: 'v' }));
      expect(r.success, JSON.stringify(name)).toBe(false);
      expect(r.error!.issues[0]!.path).toEqual(['env']);
      expect(r.error!.issues[0]!.message).toMatch(said);
    }
    expect(RecipeTargetSchema.safeParse(stdio({ PATH: '/bin' })).success).toBe(true);
    expect(RecipeTargetSchema.safeParse({ transport: 'http', url: 'http://127.0.0.1:1/mcp' }).success).toBe(true);
    expect(ProfileInputSchema.safeParse({ name: 'p', target: stdio({ 'A=B': 'v' }) }).success).toBe(false);
  });

  it('what the relay stored before the check still reads, so old recordings and profiles load', () => {
    expect(TargetSchema.safeParse(stdio({ 'A=B': 'v' })).success).toBe(true);
    expect(StoredProfileInputSchema.safeParse({ name: 'p', target: stdio({ 'A=B': 'v' }) }).success).toBe(true);
  });
});
