// For nullable fields (a type list with "null"): a way to send an explicit null, which an empty input cannot express.
import type { FieldTemplateProps } from '@rjsf/utils';
import type { ReactNode } from 'react';

export function NullToggle({ formData, onChange, fieldPathId, id, children }: FieldTemplateProps & { children: ReactNode }) {
  if (formData === null) {
    return (
      <div className="flex items-center gap-2">
        <code className="sf-const">null</code>
        <button type="button" className="btn px-1.5 py-0 text-[11px]" data-testid={`${id}-unset-null`} onClick={() => onChange(undefined, fieldPathId.path)}>
          enter a value
        </button>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">{children}</div>
      <button
        type="button"
        className="btn px-1.5 py-0 text-[11px]"
        title="send null"
        data-testid={`${id}-set-null`}
        onClick={() => onChange(null, fieldPathId.path)}
      >
        null
      </button>
    </div>
  );
}
