// The linter's outputSchema validator, built on @cfworker/json-schema: it interprets schemas instead of compiling
// them to code, so it runs under the page's CSP (script-src 'self', no eval) as well as in the CLI.
import { Validator, type Schema, type SchemaDraft, type OutputUnit } from '@cfworker/json-schema';
import type { JsonSchemaValidatorProvider } from './lint-context.js';

/** `$schema` URIs → the draft cfworker should apply; MCP 2025-11-25 makes 2020-12 the default dialect. */
const DRAFTS: readonly [RegExp, SchemaDraft][] = [
  [/draft-04/, '4'],
  [/draft-0[67]/, '7'],
  [/2019-09/, '2019-09'],
  [/2020-12/, '2020-12'],
];

/** Keywords that only say "a sub-schema failed"; the failure worth showing is the sub-schema's own error. */
const WRAPPERS = new Set([
  'properties',
  'items',
  'prefixItems',
  'additionalProperties',
  'allOf',
  '$ref',
  '$recursiveRef',
  'patternProperties',
  'unevaluatedProperties',
  'dependentSchemas',
]);

const MAX_SHOWN = 3;

export function draftOf(schema: Record<string, unknown>): SchemaDraft {
  const uri = typeof schema.$schema === 'string' ? schema.$schema : '';
  return DRAFTS.find(([re]) => re.test(uri))?.[1] ?? '2020-12';
}

function describe(errors: readonly OutputUnit[]): string {
  const leaves = errors.filter((e) => !WRAPPERS.has(e.keyword));
  const shown = (leaves.length > 0 ? leaves : errors).slice(-MAX_SHOWN);
  // cfworker writes instance locations as "#/a/b"; "#" alone is the value itself. Its errors end in a period, which is
  // dropped: the message is a clause the caller ends ("… fails its outputSchema: <this>."), not a sentence of its own.
  return shown.map((e) => `${e.instanceLocation === '#' ? '(root)' : e.instanceLocation.slice(2)}: ${e.error.replace(/\.$/, '')}`).join('; ');
}

export class JsonSchemaValidator implements JsonSchemaValidatorProvider {
  getValidator(schema: never): (input: unknown) => { valid: boolean; errorMessage?: string } {
    const s = schema as Record<string, unknown>;
    if (typeof s !== 'object' || s === null || Array.isArray(s)) throw new TypeError('a JSON Schema must be an object');
    // A copy: cfworker stamps each schema object it reads with its base URI, and the object may be the page's own parse of
    // a frame, which the tool forms read with a base of their own (schema-check.ts); a stamp from here broke their $refs.
    const validator = new Validator(JSON.parse(JSON.stringify(s)) as Schema, draftOf(s), true);
    return (input) => {
      const result = validator.validate(input);
      return result.valid ? { valid: true } : { valid: false, errorMessage: describe(result.errors) };
    };
  }
}
