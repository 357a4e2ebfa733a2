// Prepares a server's JSON Schema for RJSF: a private copy, with readable names for oneOf/anyOf variants.
import type { RJSFSchema } from '@rjsf/utils';

/** An annotation keyword (validators ignore unknown keywords) marking a union variant in the form's copy. */
export const VARIANT_MARK = 'x-mcpscope-variant';

const SUBSCHEMA_KEYS = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'additionalItems',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const SUBSCHEMA_LIST_KEYS = ['oneOf', 'anyOf', 'allOf', 'prefixItems', 'items'];
const SUBSCHEMA_MAP_KEYS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/**
 * The copy RJSF renders. The server's schema stays untouched (it is what validation and export use); the copy only
 * gains titles for union variants, so the picker says "child" rather than "Option 2".
 */
export function prepareFormSchema(schema: unknown): RJSFSchema {
  if (!isObject(schema)) return { type: 'object' };
  const copy = structuredClone(schema) as RJSFSchema;
  nameVariants(copy, new Set());
  return copy;
}

function nameVariants(node: unknown, seen: Set<object>): void {
  if (!isObject(node) || seen.has(node)) return;
  seen.add(node);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = node[key];
    if (!Array.isArray(options)) continue;
    const labels = options.map((o, i) => variantLabel(o, i));
    options.forEach((option, i) => {
      if (!isObject(option) || typeof option.title === 'string') return;
      const label = labels[i]!;
      option.title = labels.indexOf(label) === labels.lastIndexOf(label) ? label : `${label} (${i + 1})`;
      // Lets the object template skip a second title: the picker above already names the variant.
      option[VARIANT_MARK] = true;
    });
  }
  for (const key of SUBSCHEMA_KEYS) nameVariants(node[key], seen);
  for (const key of SUBSCHEMA_LIST_KEYS) {
    const list = node[key];
    if (Array.isArray(list)) for (const item of list) nameVariants(item, seen);
  }
  for (const key of SUBSCHEMA_MAP_KEYS) {
    const map = node[key];
    if (isObject(map)) for (const value of Object.values(map)) nameVariants(value, seen);
  }
}

/** A variant's name: its discriminator value (a property with a const), else what its $ref or type says. */
export function variantLabel(option: unknown, index: number): string {
  if (!isObject(option)) return `option ${index + 1}`;
  if (typeof option.title === 'string') return option.title;
  const props = isObject(option.properties) ? option.properties : {};
  for (const prop of Object.values(props)) {
    if (!isObject(prop)) continue;
    const constant = prop.const ?? (Array.isArray(prop.enum) && prop.enum.length === 1 ? prop.enum[0] : undefined);
    if (typeof constant === 'string' || typeof constant === 'number' || typeof constant === 'boolean') return String(constant);
  }
  if (option.const !== undefined) return JSON.stringify(option.const);
  if (typeof option.$ref === 'string') return option.$ref.split('/').at(-1) ?? option.$ref;
  if (typeof option.type === 'string') return option.type;
  if (Array.isArray(option.type)) return option.type.join(' | ');
  return `option ${index + 1}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
