// The small RJSF templates: inline field errors, titles, descriptions and the add/remove control of optional objects.
import type { DescriptionFieldProps, FieldErrorProps, OptionalDataControlsTemplateProps, TitleFieldProps } from '@rjsf/utils';

export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const list = (errors ?? []).filter((e) => e !== '');
  if (list.length === 0) return null;
  return (
    <ul className="sf-errors" id={`${fieldPathId.$id}__error`} data-testid="field-error">
      {list.map((e, i) => (
        <li key={i}>{e}</li>
      ))}
    </ul>
  );
}

export function TitleFieldTemplate({ id, title, required, optionalDataControl }: TitleFieldProps) {
  return (
    <div id={id} className="sf-legend">
      {title}
      {required && <span className="text-red-400"> *</span>}
      {optionalDataControl}
    </div>
  );
}

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  // Server-supplied text stays text: RJSF's rich (markdown) description is never used.
  return typeof description === 'string' && description ? (
    <p id={id} className="sf-description">
      {description}
    </p>
  ) : null;
}

/** "+ budget" for an optional object nobody filled in yet, "remove" once it exists. */
export function OptionalDataControlsTemplate({ id, label, onAddClick, onRemoveClick }: OptionalDataControlsTemplateProps) {
  if (onAddClick) {
    return (
      <button type="button" id={id} data-testid={id} className="btn ml-2 px-1.5 py-0 text-[11px] font-normal" onClick={onAddClick} title={label}>
        + set
      </button>
    );
  }
  if (onRemoveClick) {
    return (
      <button type="button" id={id} data-testid={id} className="btn ml-2 px-1.5 py-0 text-[11px] font-normal" onClick={onRemoveClick} title={label}>
        unset
      </button>
    );
  }
  return <em className="ml-2 text-[11px] font-normal text-dim">{label}</em>;
}
