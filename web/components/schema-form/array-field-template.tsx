// An array as a titled list of boxed items, each with move / duplicate / remove, and "+ add" below.
import { buttonId, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps } from '@rjsf/utils';

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { title, schema, items, canAdd, onAddClick, fieldPathId, disabled, readonly, registry, uiSchema, required, optionalDataControl } = props;
  const { AddButton } = registry.templates.ButtonTemplates;
  return (
    <fieldset className="sf-group" id={fieldPathId.$id}>
      <legend className="sf-legend">
        {title}
        {required && <span className="text-red-400"> *</span>}
        <span className="ml-2 font-normal text-dim">
          {items.length} item{items.length === 1 ? '' : 's'}
        </span>
        {optionalDataControl}
      </legend>
      {typeof schema.description === 'string' && <p className="sf-description">{schema.description}</p>}
      <div className="flex flex-col gap-1.5">{items}</div>
      {canAdd && (
        <div className="mt-1">
          <AddButton
            id={buttonId(fieldPathId, 'add')}
            data-testid={buttonId(fieldPathId, 'add')}
            title="add an item"
            onClick={onAddClick}
            disabled={disabled || readonly}
            uiSchema={uiSchema}
            registry={registry}
          />
        </div>
      )}
    </fieldset>
  );
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index, registry } = props;
  const Buttons = registry.templates.ArrayFieldItemButtonsTemplate;
  return (
    <div className="sf-item" data-index={index}>
      <div className="sf-item-head">
        <span className="font-mono text-[10px] text-dim">[{index}]</span>
        {hasToolbar && (
          <div className="ml-auto flex gap-0.5">
            <Buttons {...buttonsProps} />
          </div>
        )}
      </div>
      {children}
    </div>
  );
}
