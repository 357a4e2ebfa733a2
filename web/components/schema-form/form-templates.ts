// mcpscope's RJSF theme: the templates above, registered under the names RJSF looks them up by.
import type { TemplatesType } from '@rjsf/utils';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './array-field-template.js';
import { AddButton, ClearButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton, SubmitButton } from './button-templates.js';
import { FieldTemplate } from './field-template.js';
import { MultiSchemaFieldTemplate } from './multi-schema-field-template.js';
import { ObjectFieldTemplate } from './object-field-template.js';
import { DescriptionFieldTemplate, FieldErrorTemplate, OptionalDataControlsTemplate, TitleFieldTemplate } from './small-templates.js';
import { WrapIfAdditionalTemplate } from './wrap-if-additional-template.js';

export const FORM_TEMPLATES: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & { ButtonTemplates: Partial<TemplatesType['ButtonTemplates']> } = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  MultiSchemaFieldTemplate,
  WrapIfAdditionalTemplate,
  FieldErrorTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  OptionalDataControlsTemplate,
  ButtonTemplates: { AddButton, RemoveButton, MoveUpButton, MoveDownButton, CopyButton, ClearButton, SubmitButton },
};
