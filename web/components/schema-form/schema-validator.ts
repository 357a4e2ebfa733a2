// The RJSF ValidatorType for mcpscope's forms, built on the CSP-safe checker instead of @rjsf/validator-ajv8 (ajv compiles with new Function).
import {
  createErrorHandler,
  ErrorSchemaBuilder,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorSchema,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { checkInstance, isInstanceValid, type SchemaProblem } from './schema-check.js';

/** RJSF's way of naming a location: ".a.0.b" (display only; error schemas are built from the segments). */
function propertyOf(path: readonly string[]): string {
  return path.length === 0 ? '.' : `.${path.join('.')}`;
}

function toRjsfError(problem: SchemaProblem): RJSFValidationError {
  const property = propertyOf(problem.path);
  return {
    name: problem.keyword,
    property,
    message: problem.message,
    params: {},
    schemaPath: problem.schemaPath,
    stack: `${property === '.' ? 'value' : property.slice(1)} ${problem.message}`,
    title: problem.path.at(-1) ?? '',
  };
}

class SchemaValidator implements ValidatorType {
  rawValidation<Result = RJSFValidationError>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
    const check = checkInstance(schema, formData);
    return {
      errors: check.problems.map(toRjsfError) as Result[],
      validationError: check.schemaError === undefined ? undefined : new Error(check.schemaError),
    };
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const check = checkInstance(schema, formData);
    let errors = check.problems.map(toRjsfError);
    if (check.schemaError !== undefined) errors.push({ stack: `schema: ${check.schemaError}`, message: check.schemaError, property: '.' });
    let errorSchema: ErrorSchema;
    if (typeof transformErrors === 'function') {
      errors = transformErrors(errors, uiSchema);
      errorSchema = toErrorSchema(errors);
    } else {
      // Built from path segments, not from the ".a.b" strings, so property names holding dots or brackets stay intact.
      const builder = new ErrorSchemaBuilder();
      for (const p of check.problems) builder.addErrors(p.message, p.path);
      if (check.schemaError !== undefined) builder.addErrors(`schema: ${check.schemaError}`);
      errorSchema = builder.ErrorSchema;
    }
    if (typeof customValidate !== 'function') return { errors, errorSchema };
    const withDefaults = getDefaultFormState(this, schema, formData, schema, true);
    const handler = customValidate(withDefaults, createErrorHandler(withDefaults), uiSchema, errorSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  }

  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    // Nothing entered is not a JSON value; only a schema that accepts anything accepts it.
    if (formData === undefined)
      return schema === (true as unknown) || Object.keys(schema).every((k) => k.startsWith('$') || k === 'title' || k === 'description');
    return isInstanceValid(schema, formData, rootSchema);
  }
}

/** One shared instance: it holds no per-form state, only caches keyed by the schema objects themselves. */
export const schemaValidator = new SchemaValidator();
