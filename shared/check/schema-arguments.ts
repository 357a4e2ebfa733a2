// Arguments for a tool call made up from its inputSchema: each required property gets its default, its first enum
// value or a plain value of its type, so a well-behaved tool can run without a person filling a form.
import { isPlainObject } from '../jsonrpc.js';

function valueFor(schema: unknown, depth: number): unknown {
  if (!isPlainObject(schema) || depth > 6) return 'mcpscope';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants) && variants.length > 0) return valueFor(variants[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
      const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
      return Math.min(type === 'integer' ? Math.ceil(min) : min, max);
    }
    case 'boolean':
      return true;
    case 'array': {
      const n = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: Math.min(n, 10) }, () => valueFor(schema.items, depth + 1));
    }
    case 'object':
      return argumentsFor(schema, depth + 1);
    case 'null':
      return null;
    default: {
      if (schema.format === 'uri') return 'https://example.com/';
      if (schema.format === 'email') return 'check@example.com';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'date') return '2026-01-01';
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      return 'mcpscope'.padEnd(min, 'x');
    }
  }
}

/** An object with a value for every required property of an object schema (optional ones are left out). */
export function argumentsFor(schema: unknown, depth = 0): Record<string, unknown> {
  if (!isPlainObject(schema)) return {};
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  return Object.fromEntries(required.map((name) => [name, valueFor(properties[name], depth)]));
}
