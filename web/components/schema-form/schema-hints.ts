// One short line of constraints for a form field (bounds, pattern, format, default), so the rules show before a value breaks them.
import type { RJSFSchema } from '@rjsf/utils';

/** "1–60 chars · pattern ^[A-Z]{2}$ · default 3"; empty when the schema says nothing worth repeating. */
export function schemaHints(schema: RJSFSchema): string {
  const hints: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    const lo = typeof min === 'number' ? min : null;
    const hi = typeof max === 'number' ? max : null;
    if (lo !== null && hi !== null) hints.push(`${lo}–${hi}${unit}`);
    else if (lo !== null) hints.push(`≥ ${lo}${unit}`);
    else if (hi !== null) hints.push(`≤ ${hi}${unit}`);
  };
  range(schema.minLength, schema.maxLength, ' chars');
  range(schema.minimum, schema.maximum, '');
  if (typeof schema.exclusiveMinimum === 'number') hints.push(`> ${schema.exclusiveMinimum}`);
  if (typeof schema.exclusiveMaximum === 'number') hints.push(`< ${schema.exclusiveMaximum}`);
  if (typeof schema.multipleOf === 'number') hints.push(`multiple of ${schema.multipleOf}`);
  range(schema.minItems, schema.maxItems, ' items');
  range(schema.minProperties, schema.maxProperties, ' entries');
  if (schema.uniqueItems === true) hints.push('unique');
  if (typeof schema.format === 'string') hints.push(`format ${schema.format}`);
  // A format usually says the same thing as its generated pattern, far more readably.
  else if (typeof schema.pattern === 'string') hints.push(`pattern ${schema.pattern}`);
  if (Array.isArray(schema.type) && schema.type.includes('null')) hints.push('nullable');
  if (schema.default !== undefined && typeof schema.default !== 'object') hints.push(`default ${JSON.stringify(schema.default)}`);
  return hints.join(' · ');
}
