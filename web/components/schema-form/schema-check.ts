// Validates a JSON value against a JSON Schema with @cfworker/json-schema, which interprets instead of compiling (the CSP forbids eval).
import { dereference, validate, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { pruneErrors } from './error-pruning.js';

export interface SchemaProblem {
  /** Where in the instance, as path segments (array indexes as strings). */
  path: string[];
  /** The failing keyword: required, type, pattern, oneOf… */
  keyword: string;
  message: string;
  /** JSON pointer (with a leading #) to the failing keyword in the schema. */
  schemaPath: string;
}

export interface SchemaCheck {
  valid: boolean;
  problems: SchemaProblem[];
  /** Set when the schema itself could not be used (an unresolvable $ref, say). */
  schemaError?: string;
}

/** A fixed base URI: relative $refs must resolve the same way whatever page the inspector is served from. */
const BASE_URI = new URL('mcpscope:/schema');

type Lookup = Record<string, Schema | boolean>;
const rootLookups = new WeakMap<object, Lookup>();
const subLookups = new WeakMap<object, WeakMap<object, Lookup>>();
let subCounter = 0;

/** The dialect a schema declares; MCP 2025-11-25 makes 2020-12 the default when none is given. */
export function draftOf(schema: unknown): SchemaDraft {
  const declared = isObject(schema) && typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('draft-06') || declared.includes('draft-07')) return '7';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

function rootLookup(root: object): Lookup {
  let lookup = rootLookups.get(root);
  if (!lookup) {
    lookup = dereference(root as Schema, Object.create(null) as Lookup, BASE_URI);
    rootLookups.set(root, lookup);
  }
  return lookup;
}

/**
 * The lookup for validating `schema`, a piece of `root` (RJSF hands over option schemas it may have rebuilt), so
 * that its "#/$defs/…" references still resolve against the root. It is registered under a pointer no real schema
 * uses, which keeps it from colliding with the root's own entries.
 */
function lookupFor(schema: Schema | boolean, root: Schema | boolean): Lookup {
  if (typeof root === 'boolean') return Object.create(null) as Lookup;
  const base = rootLookup(root);
  if (schema === root || typeof schema === 'boolean') return base;
  let perRoot = subLookups.get(root);
  if (!perRoot) subLookups.set(root, (perRoot = new WeakMap()));
  let lookup = perRoot.get(schema);
  if (!lookup) {
    lookup = dereference(schema, { ...base }, BASE_URI, `/__mcpscope_sub_${++subCounter}`);
    perRoot.set(schema, lookup);
  }
  return lookup;
}

/** Checks `value` against `schema` (part of `root`, by default the whole of it), reporting only the failures worth showing. */
export function checkInstance(schema: unknown, value: unknown, root: unknown = schema): SchemaCheck {
  if (!isSchema(schema) || !isSchema(root)) return { valid: true, problems: [], schemaError: 'not a JSON Schema (neither an object nor a boolean)' };
  try {
    const result = validate(toJsonValue(value), schema, draftOf(root), lookupFor(schema, root), false);
    if (result.valid) return { valid: true, problems: [] };
    return { valid: false, problems: pruneErrors(result.errors).map(toProblem) };
  } catch (err) {
    return { valid: false, problems: [], schemaError: err instanceof Error ? err.message.split('\n')[0] : String(err) };
  }
}

/** True when `value` satisfies `schema`; a schema that cannot be used counts as "no". Fast: stops at the first failure. */
export function isInstanceValid(schema: unknown, value: unknown, root: unknown = schema): boolean {
  if (!isSchema(schema) || !isSchema(root)) return false;
  try {
    return validate(toJsonValue(value), schema, draftOf(root), lookupFor(schema, root), true).valid;
  } catch {
    return false;
  }
}

/**
 * Forms hold `undefined` for fields nobody filled in; JSON has no such value (and the validator throws on it).
 * Properties that are undefined are dropped and undefined array slots become null, exactly as JSON.stringify would send them.
 */
export function toJsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : toJsonValue(v)));
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toJsonValue(v);
    return out;
  }
  return value;
}

function toProblem(unit: OutputUnit): SchemaProblem {
  const path = pointerSegments(unit.instanceLocation);
  const missing = unit.keyword === 'required' ? /required property "(.*)"\.$/.exec(unit.error)?.[1] : undefined;
  if (missing !== undefined) return { path: [...path, missing], keyword: 'required', message: 'is required', schemaPath: unit.keywordLocation };
  return { path, keyword: unit.keyword, message: friendlyMessage(unit), schemaPath: unit.keywordLocation };
}

function friendlyMessage(unit: OutputUnit): string {
  if (unit.keyword === 'false') return 'is not allowed here (the schema forbids it)';
  const extra = /^Property "(.*)" does not match (additional|unevaluated) properties schema\.$/.exec(unit.error);
  if (extra) return `has a property "${extra[1]}" the schema does not allow`;
  const type = /^Instance type "(.*)" is invalid\. Expected (.*)\.$/.exec(unit.error);
  if (type) return `must be ${type[2]!.replaceAll('"', '')} (got ${type[1]})`;
  return unit.error.replace(/^Instance /, '');
}

/** "#/a/0/b~1c" → ["a", "0", "b/c"]. */
function pointerSegments(location: string): string[] {
  const pointer = location.startsWith('#') ? location.slice(1) : location;
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => decodeURIComponent(s).replaceAll('~1', '/').replaceAll('~0', '~'));
}

function isSchema(value: unknown): value is Schema | boolean {
  return typeof value === 'boolean' || isObject(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
