// An object as a bordered group: title, description, its properties, and "+ add" for additionalProperties maps.
import { buttonId, canExpand, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { VARIANT_MARK } from './form-schema.js';

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const {
    title,
    description,
    properties,
    schema,
    uiSchema,
    formData,
    fieldPathId,
    onAddProperty,
    disabled,
    readonly,
    registry,
    required,
    optionalDataControl,
  } = props;
  // A pure union (oneOf/anyOf without properties of its own) is drawn by the variant picker alone.
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;
  const { AddButton } = registry.templates.ButtonTemplates;
  // The root, array items and union variants already sit in a box of their own; a second border and title would only repeat it.
  const root = fieldPathId.path.length === 0 || typeof fieldPathId.path.at(-1) === 'number' || schema[VARIANT_MARK] === true;
  return (
    <fieldset className={root ? 'sf-root' : 'sf-group'} id={fieldPathId.$id}>
      {!root && (title || optionalDataControl) && (
        <legend className="sf-legend">
          {title}
          {required && <span className="text-red-400"> *</span>}
          {optionalDataControl}
        </legend>
      )}
      {!root && typeof description === 'string' && description && <p className="sf-description">{description}</p>}
      {properties.filter((p) => !p.hidden).map((p) => p.content)}
      {canExpand(schema, uiSchema, formData) && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          data-testid={buttonId(fieldPathId, 'add')}
          title="add an entry"
          onClick={onAddProperty}
          disabled={disabled || readonly}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}
