import { describe, expect, it } from 'vitest';
import { JsonSchemaValidator } from '../../../shared/lint/index.js';
import { draftOf } from '../../../shared/lint/json-schema-validator.js';

const check = (schema: unknown, value: unknown) => new JsonSchemaValidator().getValidator(schema as never)(value);

describe('the CSP-safe JSON Schema validator', () => {
  it('accepts a value that fits and names the failing path of one that does not', () => {
    const schema = { type: 'object', properties: { temperature: { type: 'number' } }, required: ['temperature'] };
    expect(check(schema, { temperature: 21 })).toEqual({ valid: true });
    const bad = check(schema, { temperature: 'warm' });
    expect(bad.valid).toBe(false);
    expect(bad.errorMessage).toMatch(/temperature/);
    expect(check(schema, {}).errorMessage).toMatch(/temperature/);
    // A clause without a closing period: the linter's sentence around it ("… fails its outputSchema: <this>.") ends in one.
    expect(bad.errorMessage).toMatch(/^temperature: .*[^.]$/);
    expect(check({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } } }, { a: 1, b: 'x' }).errorMessage).not.toMatch(/\.;|\.$/);
  });

  it('picks the draft from $schema and defaults to 2020-12, the MCP default dialect', () => {
    expect(draftOf({})).toBe('2020-12');
    expect(draftOf({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('7');
    expect(draftOf({ $schema: 'https://json-schema.org/draft/2019-09/schema' })).toBe('2019-09');
    expect(draftOf({ $schema: 'http://json-schema.org/draft-04/schema#' })).toBe('4');
    // prefixItems exists in 2020-12 only.
    expect(check({ type: 'array', prefixItems: [{ type: 'number' }] }, ['x']).valid).toBe(false);
  });

  it('refuses a schema that is not an object, so the linter skips it instead of reporting', () => {
    expect(() => new JsonSchemaValidator().getValidator([] as never)).toThrow(/object/);
  });

  it("leaves the schema object it is handed untouched (the page's tool forms read the same parse with a base URI of their own)", () => {
    const schema = { $defs: { point: { type: 'object', properties: { x: { type: 'number' } } } }, properties: { origin: { $ref: '#/$defs/point' } } };
    expect(check(schema, { origin: { x: 'no' } }).valid).toBe(false);
    for (const o of [schema, schema.$defs.point, schema.properties.origin]) expect(Object.getOwnPropertyNames(o)).not.toContain('__absolute_uri__');
  });
});
