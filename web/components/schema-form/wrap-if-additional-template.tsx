// Entries of an additionalProperties map: an editable key beside the value, and a remove button.
import { ADDITIONAL_PROPERTY_FLAG, buttonId, type WrapIfAdditionalTemplateProps } from '@rjsf/utils';

export function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const { id, label, schema, children, onKeyRenameBlur, onRemoveProperty, disabled, readonly, registry, uiSchema, classNames, style } = props;
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) {
    return (
      <div className={classNames} style={style}>
        {children}
      </div>
    );
  }
  const { RemoveButton } = registry.templates.ButtonTemplates;
  return (
    <div className={`sf-map-entry ${classNames ?? ''}`} style={style}>
      <input
        key={label}
        id={`${id}-key`}
        aria-label="key"
        className="control w-32 shrink-0 font-mono"
        defaultValue={label}
        onBlur={onKeyRenameBlur}
        disabled={disabled || readonly}
      />
      <div className="min-w-0 flex-1">{children}</div>
      <RemoveButton id={buttonId(id, 'remove')} onClick={onRemoveProperty} disabled={disabled || readonly} uiSchema={uiSchema} registry={registry} />
    </div>
  );
}
