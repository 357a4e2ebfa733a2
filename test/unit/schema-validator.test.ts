import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { checkInstance, draftOf, toJsonValue } from '../../web/components/schema-form/schema-check.js';
import { schemaValidator } from '../../web/components/schema-form/schema-validator.js';

const ticket: RJSFSchema = {
  oneOf: [
    { type: 'object', properties: { kind: { const: 'adult' } }, required: ['kind'] },
    { type: 'object', properties: { kind: { const: 'child' }, guardian: { type: 'string', minLength: 1 } }, required: ['kind', 'guardian'] },
  ],
};
const trip: RJSFSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    arrival: { type: 'string', format: 'date' },
    travellers: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 1 }, age: { type: 'integer', minimum: 0 }, ticket },
        required: ['name', 'ticket'],
      },
    },
  },
  required: ['country', 'travellers'],
};

const paths = (schema: unknown, value: unknown) => checkInstance(schema, value).problems.map((p) => `${p.path.join('/')}: ${p.message}`);

describe('the cfworker-based schema validator', () => {
  it('accepts a value that satisfies every keyword', () => {
    const value = { country: 'PT', arrival: '2026-12-01', travellers: [{ name: 'Ann', age: 40, ticket: { kind: 'adult' } }] };
    expect(schemaValidator.validateFormData(value, trip)).toEqual({ errors: [], errorSchema: {} });
  });

  it('reports a missing required property at the property itself, not at its parent', () => {
    const { errors, errorSchema } = schemaValidator.validateFormData({ travellers: [{ name: 'Ann', ticket: { kind: 'adult' } }] }, trip);
    expect(errors.map((e) => e.property)).toEqual(['.country']);
    expect(errorSchema).toEqual({ country: { __errors: ['is required'] } });
  });

  it('reports only leaf failures, with their path inside arrays of objects', () => {
    expect(paths(trip, { country: 'pt', arrival: '2026-02-30', travellers: [{ name: '', age: -1, ticket: { kind: 'adult' } }] })).toEqual([
      'country: String does not match pattern.',
      'arrival: String does not match format "date".',
      'travellers/0/name: String is too short (0 < 1).',
      'travellers/0/age: -1 is less than 0.',
    ]);
  });

  it('keeps the errors of the oneOf branch the value meant, judged by its discriminator', () => {
    expect(paths(trip, { country: 'PT', travellers: [{ name: 'Bo', ticket: { kind: 'child' } }] })).toEqual(['travellers/0/ticket/guardian: is required']);
  });

  it('says so when a oneOf matches more than one branch instead of blaming a branch', () => {
    const schema = { oneOf: [{ type: 'number' }, { type: 'integer' }] };
    expect(paths(schema, 3)).toEqual([': does not match exactly one subschema (2 matches).']);
  });

  it('judges each array item against its own union branch', () => {
    const value = {
      country: 'PT',
      travellers: [
        { name: 'A', ticket: { kind: 'child' } },
        { name: 'B', ticket: { kind: 'adult' } },
      ],
    };
    expect(paths(trip, value)).toEqual(['travellers/0/ticket/guardian: is required']);
  });

  it('picks the anyOf branch with the fewest and least fundamental failures', () => {
    const payment = {
      anyOf: [
        { type: 'object', properties: { method: { const: 'card' }, last4: { type: 'string', pattern: '^\\d{4}$' } }, required: ['method', 'last4'] },
        { type: 'object', properties: { method: { const: 'invoice' }, po: { type: 'string' } }, required: ['method', 'po'] },
      ],
    };
    expect(paths(payment, { method: 'card', last4: '12' })).toEqual(['last4: String does not match pattern.']);
    expect(paths(payment, { method: 'invoice' })).toEqual(['po: is required']);
  });

  it('resolves $ref into $defs, also when RJSF validates a rebuilt piece of the root schema', () => {
    const root: RJSFSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { money: { type: 'object', properties: { amount: { type: 'number', minimum: 0 } }, required: ['amount'] } },
      type: 'object',
      properties: { price: { $ref: '#/$defs/money' }, options: { anyOf: [{ $ref: '#/$defs/money' }, { type: 'null' }] } },
    };
    expect(paths(root, { price: { amount: -5 } })).toEqual(['price/amount: -5 is less than 0.']);
    // A copy, as RJSF makes when it merges schemas: not the object the root holds.
    const option = { ...(root.properties!.options as { anyOf: RJSFSchema[] }).anyOf[0]! };
    expect(schemaValidator.isValid(option, { amount: 3 }, root)).toBe(true);
    expect(schemaValidator.isValid(option, { amount: -3 }, root)).toBe(false);
    expect(schemaValidator.isValid({ type: 'null' }, null, root)).toBe(true);
  });

  it('treats type arrays with null as nullable', () => {
    const schema = { type: 'object', properties: { note: { type: ['string', 'null'] } } };
    expect(paths(schema, { note: null })).toEqual([]);
    expect(paths(schema, { note: 3 })).toEqual(['note: must be string, null (got number)']);
  });

  it('names the property that additionalProperties: false forbids, once', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false };
    expect(paths(schema, { a: 'x', b: 1 })).toEqual([': has a property "b" the schema does not allow']);
  });

  it('validates additionalProperties maps value by value', () => {
    const schema = { type: 'object', additionalProperties: { type: 'integer' } };
    expect(paths(schema, { x: 1, y: 'two' })).toEqual(['y: must be integer (got string)']);
  });

  it('reads the dialect from $schema and defaults to 2020-12', () => {
    expect(draftOf({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('7');
    expect(draftOf({ $schema: 'http://json-schema.org/draft-04/schema#' })).toBe('4');
    expect(draftOf({})).toBe('2020-12');
    const tuple = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
    };
    expect(paths(tuple, ['a', 1])).toEqual([]);
    expect(paths(tuple, ['a', 'b'])).toEqual(['1: must be number (got string)']);
    expect(paths(tuple, ['a', 1, true]).length).toBe(1);
  });

  it('ignores fields left undefined by the form, as JSON would drop them', () => {
    expect(toJsonValue({ a: undefined, b: [1, undefined], c: { d: undefined } })).toEqual({ b: [1, null], c: {} });
    expect(paths({ type: 'object', properties: { a: { type: 'string' } } }, { a: undefined })).toEqual([]);
  });

  it('reports an unresolvable $ref as a schema problem instead of throwing', () => {
    const check = checkInstance({ $ref: '#/$defs/missing' }, 1);
    expect(check.valid).toBe(false);
    expect(check.schemaError).toMatch(/Unresolved \$ref/);
    const { errors } = schemaValidator.validateFormData(1, { $ref: '#/$defs/missing' });
    expect(errors[0]?.stack).toMatch(/^schema: Unresolved/);
  });

  it('applies transformErrors and customValidate the way RJSF expects', () => {
    const schema: RJSFSchema = { type: 'object', properties: { a: { type: 'string', minLength: 2 } } };
    const data = schemaValidator.validateFormData(
      { a: 'x' },
      schema,
      (formData, errors) => {
        if ((formData as { a?: string }).a === 'x') errors.a?.addError('x is reserved');
        return errors;
      },
      (errors) => errors.map((e) => ({ ...e, message: `!${e.message}` })),
    );
    expect(data.errorSchema).toMatchObject({ a: { __errors: ['!String is too short (1 < 2).', 'x is reserved'] } });
  });

  it('needs neither eval nor new Function', () => {
    const original = globalThis.Function;
    // A CSP without unsafe-eval makes the Function constructor throw; the validator must never reach for it.
    globalThis.Function = new Proxy(original, {
      construct: () => {
        throw new Error('eval is forbidden');
      },
      apply: () => {
        throw new Error('eval is forbidden');
      },
    });
    try {
      expect(paths(trip, { country: 'PT', travellers: [] })).toEqual(['travellers: Array has too few items (0 < 1).']);
    } finally {
      globalThis.Function = original;
    }
  });
});
