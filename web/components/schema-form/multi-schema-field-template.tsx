// oneOf / anyOf: a variant picker above the chosen variant's fields, boxed so it reads as one choice.
import type { MultiSchemaFieldTemplateProps } from '@rjsf/utils';

export function MultiSchemaFieldTemplate({ schema, selector, optionSchemaField }: MultiSchemaFieldTemplateProps) {
  return (
    <div className="sf-variant">
      <div className="flex items-center gap-2">
        <span className="text-[10px] tracking-wide text-dim uppercase">{schema.oneOf ? 'one of' : 'any of'}</span>
        <div className="min-w-0 flex-1">{selector}</div>
      </div>
      {optionSchemaField}
    </div>
  );
}
