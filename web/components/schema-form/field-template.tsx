// How one field looks: label, the server's description as plain text, the widget, constraint hints and inline errors.
import { deepEquals, type FieldTemplateProps } from '@rjsf/utils';
import { NullToggle } from './null-toggle.js';
import { schemaHints } from './schema-hints.js';

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, rawDescription, hidden, required, displayLabel, schema, formData, registry } = props;
  if (hidden) return <div className="hidden">{children}</div>;
  // The registry's template (this form sets no per-field ui:WrapIfAdditionalTemplate): a component read from props.
  const { WrapIfAdditionalTemplate: WrapIfAdditional } = registry.templates;
  // A const inside a chosen union variant is not a choice: show it as the fact it is.
  const fixed = schema.const !== undefined && deepEquals(schema.const, formData);
  const nullable = Array.isArray(schema.type) && schema.type.includes('null') && schema.type.length > 1;
  const hints = schemaHints(schema);
  return (
    <WrapIfAdditional {...props}>
      <div className="sf-field" data-field-id={id}>
        {displayLabel && (
          <label htmlFor={id} className="sf-label">
            {label}
            {required && <span className="text-red-400"> *</span>}
          </label>
        )}
        {displayLabel && rawDescription && <p className="sf-description">{rawDescription}</p>}
        {fixed ? (
          <code className="sf-const" id={id}>
            {JSON.stringify(schema.const)}
          </code>
        ) : nullable ? (
          <NullToggle {...props}>{children}</NullToggle>
        ) : (
          children
        )}
        {hints && <p className="sf-hints">{hints}</p>}
        {errors}
        {help}
      </div>
    </WrapIfAdditional>
  );
}
