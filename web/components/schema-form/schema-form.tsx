// A form for any JSON Schema: RJSF with mcpscope's templates and the CSP-safe validator, errors shown inline as you edit.
// The deep import skips @rjsf/core's index, which also exports a test helper importing @rjsf/validator-ajv8.
import Form from '@rjsf/core/lib/components/Form.js';
import type { IChangeEvent } from '@rjsf/core/lib/components/Form.js';
import type { Experimental_DefaultFormStateBehavior, UiSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { FORM_TEMPLATES } from './form-templates.js';
import { prepareFormSchema } from './form-schema.js';
import { schemaValidator } from './schema-validator.js';
import './schema-form.css';

interface Props {
  schema: unknown;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Prefix of every input id, so two forms on one page never share ids. */
  idPrefix: string;
}

const UI_SCHEMA: UiSchema = {
  'ui:submitButtonOptions': { norender: true },
  // Optional objects and arrays start absent with a "+ set" button, instead of as empty fields that end up sent as {}.
  'ui:globalOptions': { enableOptionalDataFieldForType: ['object', 'array'] },
};

/**
 * Send what the user chose, not what the schema could have filled in: the server applies its own defaults, and a
 * half-filled optional object (from a default inside it) would make a valid call invalid. Constants are the exception:
 * picking a union variant fills its discriminator.
 */
const DEFAULTS: Experimental_DefaultFormStateBehavior = {
  emptyObjectFields: 'populateRequiredDefaults',
  arrayMinItems: { populate: 'never' },
  constAsDefaults: 'always',
};

export function SchemaForm({ schema, value, onChange, idPrefix }: Props) {
  const formSchema = useMemo(() => prepareFormSchema(schema), [schema]);
  // Errors appear once the user starts editing: a fresh form full of "is required" says nothing new.
  const [touched, setTouched] = useState(false);
  return (
    <div className="schema-form" data-testid="schema-form">
      <Form
        tagName="div"
        schema={formSchema}
        validator={schemaValidator}
        formData={value}
        onChange={(e: IChangeEvent) => {
          setTouched(true);
          onChange(e.formData);
        }}
        templates={FORM_TEMPLATES}
        uiSchema={UI_SCHEMA}
        idPrefix={idPrefix}
        liveValidate={touched ? 'onChange' : undefined}
        showErrorList={false}
        noHtml5Validate
        experimental_defaultFormStateBehavior={DEFAULTS}
      />
    </div>
  );
}
