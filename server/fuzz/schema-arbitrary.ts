// Turns a tool's inputSchema (the JSON Schema subset tools use) into fast-check arbitraries of arguments: values that
// satisfy it, values at its edges, and values that break it. fast-check shrinks whatever these make, so each arbitrary
// is built from parts that shrink toward the simplest value (short strings, small numbers, the first enum member).
import fc, { type Arbitrary } from 'fast-check';

type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Deeper than this, a schema's own nesting is cut off (a recursive $ref, a schema of schemas). */
const MAX_SCHEMA_DEPTH = 6;
/** The longest string and the most array items generated, whatever a schema allows: enough to find a threshold. */
const MAX_GENERATED_LENGTH = 5000;
const MANY_ITEMS = 200;

/**
 * Characters that break servers, as the issue lists them: NUL and other controls, combining marks, zero-width and
 * bidi controls, astral characters, lone surrogates (JSON.stringify writes them as \\u escapes), line separators.
 */
export const ODD_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u0301',
  'e\u0301',
  '\u200b',
  '\u202e',
  '\u2028',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\u{1f600}',
  '\u{1d54f}',
  '"',
  '\\',
  '\n',
];

/**
 * Printable ASCII, or now and then one of the odd characters. Characters do not shrink: a failing string shrinks by
 * losing characters, which is what tells a length threshold or the one character a server chokes on, while shrinking
 * each character in place would cost a run (often a restart) per step and tell nothing more.
 */
const character: Arbitrary<string> = fc.noShrink(
  fc.oneof(
    { weight: 12, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_CHARACTERS) },
  ),
);

function stringArb(s: Schema): Arbitrary<string> {
  const min = Math.max(0, Math.floor(num(s.minLength) ?? 0));
  const max = Math.max(min, Math.min(Math.floor(num(s.maxLength) ?? MAX_GENERATED_LENGTH), MAX_GENERATED_LENGTH));
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as string[]));
  if (typeof s.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(s.pattern, 'u')).filter((v) => v.length >= min && v.length <= max);
    } catch {
      // A pattern JavaScript cannot compile: the length bounds still hold.
    }
  }
  // 'small' (about ten characters at most beyond minLength): plain values are many and cheap; length is the edges' job
  // (stringEdges: up to the longest, as one repeated pattern that shrinks as one number).
  return fitLength(fc.string({ unit: character, minLength: min, maxLength: max, size: 'small' }), s);
}

/** JSON Schema counts code points, fast-check counts units (one may be two code points: e + a combining mark). */
function fitLength(arb: Arbitrary<string>, s: Schema): Arbitrary<string> {
  const min = num(s.minLength);
  const max = num(s.maxLength);
  if (min === undefined && max === undefined) return arb;
  return arb.filter((v) => {
    const n = [...v].length;
    return (min === undefined || n >= min) && (max === undefined || n <= max);
  });
}

function stringEdges(s: Schema): Arbitrary<string> {
  const min = Math.max(0, Math.floor(num(s.minLength) ?? 0));
  const max = Math.min(Math.floor(num(s.maxLength) ?? MAX_GENERATED_LENGTH), MAX_GENERATED_LENGTH);
  // The shortest string, long ones up to the longest, and short runs of odd characters. A long string is a short
  // pattern repeated to a length: cheap to make, and its length shrinks as one number (a binary search for the length
  // a threshold starts at), where a string of drawn characters would shrink one character at a time.
  const long = fc
    .tuple(fc.integer({ min: Math.max(min, 1), max: Math.max(max, 1) }), fc.string({ unit: character, minLength: 1, maxLength: 4 }))
    .map(([n, pattern]) => pattern.repeat(Math.ceil(n / pattern.length)).slice(0, n));
  const edges = [fc.constant('x'.repeat(min)), long];
  edges.push(
    fc.string({ unit: fc.noShrink(fc.constantFrom(...ODD_CHARACTERS)), minLength: Math.max(min, 1), maxLength: Math.max(Math.min(max, 8), Math.max(min, 1)) }),
  );
  return fitLength(fc.oneof(...edges), s);
}

function numberArb(s: Schema, integer: boolean): Arbitrary<number> {
  const lo = num(s.minimum) ?? (num(s.exclusiveMinimum) !== undefined ? num(s.exclusiveMinimum)! + (integer ? 1 : Number.EPSILON) : undefined);
  const hi = num(s.maximum) ?? (num(s.exclusiveMaximum) !== undefined ? num(s.exclusiveMaximum)! - (integer ? 1 : Number.EPSILON) : undefined);
  if (integer) return fc.integer({ min: Math.ceil(lo ?? -1e9), max: Math.floor(hi ?? 1e9) });
  return fc.double({ min: lo ?? -1e9, max: hi ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

function numberEdges(s: Schema, integer: boolean): Arbitrary<number> {
  const lo = num(s.minimum) ?? num(s.exclusiveMinimum);
  const hi = num(s.maximum) ?? num(s.exclusiveMaximum);
  const values = [0, -1, 1, lo, hi, lo === undefined ? Number.MIN_SAFE_INTEGER : undefined, hi === undefined ? Number.MAX_SAFE_INTEGER : undefined];
  if (!integer) values.push(0.5, 1e-300, 1.7976931348623157e308);
  const inRange = values.filter((v): v is number => v !== undefined && (lo === undefined || v >= lo) && (hi === undefined || v <= hi));
  return fc.constantFrom(...(inRange.length > 0 ? inRange : [0]));
}

/** A JSON value nested `depth` objects deep: {"a":{"a":…{}}}, shrinking toward shallower. */
function nested(depth: number): Record<string, unknown> {
  let v: Record<string, unknown> = {};
  for (let i = 1; i < depth; i++) v = { a: v };
  return v;
}

const anyJson: Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });
const deepObject: Arbitrary<Record<string, unknown>> = fc.integer({ min: 2, max: 64 }).map(nested);

function typesOf(s: Schema): string[] {
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type)) return s.type.filter((t): t is string => typeof t === 'string');
  if (isSchema(s.properties)) return ['object'];
  if (s.items !== undefined) return ['array'];
  return [];
}

/** Values that satisfy `s` (as far as this subset reads it), with edge values mixed in at every level. */
export function validArb(s: unknown, depth = 0): Arbitrary<unknown> {
  if (!isSchema(s) || depth > MAX_SCHEMA_DEPTH) return anyJson;
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alts = s[key];
    if (Array.isArray(alts) && alts.length > 0) return fc.oneof(...alts.map((a) => validArb(a, depth + 1)));
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return validArb(Object.assign({}, ...s.allOf.filter(isSchema)), depth + 1);
  const types = typesOf(s);
  if (types.length === 0) return anyJson;
  return fc.oneof(...types.map((t) => byType(s, t, depth)));
}

function byType(s: Schema, type: string, depth: number): Arbitrary<unknown> {
  const withEdges = <T>(plain: Arbitrary<T>, edges: Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: edges });
  switch (type) {
    case 'string':
      return withEdges(stringArb(s), stringEdges(s));
    case 'integer':
      return withEdges(numberArb(s, true), numberEdges(s, true));
    case 'number':
      return withEdges(numberArb(s, false), numberEdges(s, false));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = validArb(s.items, depth + 1);
      const min = Math.max(0, Math.floor(num(s.minItems) ?? 0));
      const max = Math.max(min, Math.min(Math.floor(num(s.maxItems) ?? MANY_ITEMS), MANY_ITEMS));
      return withEdges(fc.array(item, { minLength: min, maxLength: max, size: 'small' }), fc.array(item, { minLength: min, maxLength: max, size: 'max' }));
    }
    case 'object':
      return objectArb(s, depth);
    default:
      return anyJson;
  }
}

function objectArb(s: Schema, depth: number): Arbitrary<unknown> {
  const props = isSchema(s.properties) ? s.properties : {};
  const required = Array.isArray(s.required) ? s.required.filter((k): k is string => typeof k === 'string') : [];
  const keys = Object.keys(props);
  if (keys.length === 0) {
    // A free object: any members, now and then nested deep.
    const free = fc.dictionary(fc.string({ maxLength: 6 }), anyJson, { maxKeys: 4 });
    return s.additionalProperties === false ? fc.constant({}) : fc.oneof({ weight: 3, arbitrary: free }, { weight: 1, arbitrary: deepObject });
  }
  const model = Object.fromEntries(keys.map((k) => [k, validArb(props[k], depth + 1)]));
  return fc.record(model, { requiredKeys: required.filter((k) => keys.includes(k)) });
}

/** A value of another JSON type than any `s` allows. */
function wrongType(s: Schema): Arbitrary<unknown> {
  const allowed = new Set(typesOf(s));
  const candidates: [string, unknown][] = [
    ['string', 'text'],
    ['integer', 42],
    ['number', 4.5],
    ['boolean', true],
    ['null', null],
    ['array', []],
    ['object', {}],
  ];
  const wrong = candidates.filter(([t]) => !allowed.has(t) && !(t === 'integer' && allowed.has('number')) && !(t === 'number' && allowed.has('integer')));
  return fc.constantFrom(...(wrong.length > 0 ? wrong.map(([, v]) => v) : [null]));
}

/**
 * Arguments that break the schema: the wrong type altogether, a required member missing, a member of the wrong type,
 * an unknown member. A correct server answers each with an error on the right channel.
 */
export function invalidArb(s: unknown): Arbitrary<unknown> {
  if (!isSchema(s)) return wrongType({ type: 'object' });
  const valid = validArb(s);
  const props = isSchema(s.properties) ? s.properties : {};
  const keys = Object.keys(props);
  const required = Array.isArray(s.required) ? s.required.filter((k): k is string => typeof k === 'string') : [];
  const broken: Arbitrary<unknown>[] = [wrongType(s)];
  const asObject = (v: unknown) => (isSchema(v) ? v : {});
  if (required.length > 0) {
    broken.push(fc.tuple(valid, fc.constantFrom(...required)).map(([v, k]) => Object.fromEntries(Object.entries(asObject(v)).filter(([key]) => key !== k))));
  }
  if (keys.length > 0) {
    // Each member's pair made once: the chain picks one per value it draws (making them there cost half the draw).
    const pairs = new Map(keys.map((k) => [k, fc.tuple(fc.constant(k), wrongType(isSchema(props[k]) ? props[k] : {}))]));
    const wrongMember = fc.constantFrom(...keys).chain((k) => pairs.get(k)!);
    broken.push(fc.tuple(valid, wrongMember).map(([v, [k, bad]]) => ({ ...asObject(v), [k]: bad })));
  }
  broken.push(fc.tuple(valid, anyJson).map(([v, extra]) => ({ ...asObject(v), mcpscope_unknown_member: extra })));
  return fc.oneof(...broken);
}

/** A tool's arguments: mostly fitting its schema (edges included), sometimes breaking it. */
export function argumentsArb(inputSchema: unknown): Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: validArb(inputSchema) }, { weight: 1, arbitrary: invalidArb(inputSchema) });
}
