// The arbitraries made from a tool's inputSchema: what fits it does fit (checked by the lint's own validator), the
// edges the issue lists are reached, what breaks it does break it, and the same seed draws the same values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSchemaValidator } from '../../../shared/lint/index.js';
import { argumentsArb, invalidArb, ODD_CHARACTERS, validArb } from '../../../server/fuzz/schema-arbitrary.js';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 30 },
    count: { type: 'integer', minimum: 0, maximum: 1000 },
    mode: { type: 'string', enum: ['read', 'write', 'sync'] },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 50 },
    ratio: { type: 'number' },
    nested: { type: 'object', properties: { on: { type: 'boolean' } }, required: ['on'] },
  },
  required: ['name', 'count'],
  additionalProperties: false,
} as const;

const validate = new JsonSchemaValidator().getValidator(SCHEMA as never);

describe('schema arbitraries', () => {
  it('values that fit the schema fit it, edges included', () => {
    const values = fc.sample(validArb(SCHEMA), { numRuns: 500, seed: 1 });
    for (const v of values) expect([v, validate(v)]).toEqual([v, { valid: true }]);
    // The edges are reached: every enum value, empty and longest arrays, the bounds of a number, odd characters.
    const all = values as Record<string, unknown>[];
    expect(new Set(all.map((v) => v.mode).filter(Boolean))).toEqual(new Set(['read', 'write', 'sync']));
    expect(all.some((v) => Array.isArray(v.tags) && v.tags.length === 0)).toBe(true);
    expect(all.some((v) => Array.isArray(v.tags) && v.tags.length > 20)).toBe(true);
    expect(all.some((v) => v.count === 1000) && all.some((v) => v.count === 0)).toBe(true);
    expect(all.some((v) => typeof v.name === 'string' && ODD_CHARACTERS.some((c) => (v.name as string).includes(c)))).toBe(true);
  });

  it('values that break the schema break it: wrong type, a required member missing, a member of the wrong type, an unknown member', () => {
    const values = fc.sample(invalidArb(SCHEMA), { numRuns: 300, seed: 2 });
    for (const v of values) expect([v, validate(v).valid]).toEqual([v, false]);
    const objects = values.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v));
    expect(objects.some((v) => !('name' in v) || !('count' in v))).toBe(true);
    expect(objects.some((v) => 'mcpscope_unknown_member' in v)).toBe(true);
    expect(values.some((v) => typeof v !== 'object' || v === null || Array.isArray(v))).toBe(true);
  });

  it('a free object is now and then nested deep, and a string without bounds now and then long', () => {
    const free = fc.sample(validArb({ type: 'object', properties: { tree: { type: 'object' }, text: { type: 'string' } } }), {
      numRuns: 400,
      seed: 3,
    }) as Record<string, unknown>[];
    const depth = (v: unknown): number => (v === null || typeof v !== 'object' ? 0 : 1 + Math.max(0, ...Object.values(v).map(depth)));
    expect(free.some((v) => depth(v.tree) >= 10)).toBe(true);
    expect(free.some((v) => typeof v.text === 'string' && v.text.length >= 1000)).toBe(true);
  });

  it('the same seed draws the same arguments', () => {
    const draw = () => fc.sample(argumentsArb(SCHEMA), { numRuns: 50, seed: 42 });
    expect(draw()).toEqual(draw());
  });
});
