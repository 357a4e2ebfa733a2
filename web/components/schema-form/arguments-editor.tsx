// Arguments for a request, edited either as a generated form or as JSON; both views show the same value.
import { useState } from 'react';
import { SchemaForm } from './schema-form.js';
import { SchemaJsonEditor } from './schema-json-editor.js';

interface Props {
  schema: unknown;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Prefix of the form's input ids. */
  idPrefix: string;
  /** Monaco model path for the JSON view. */
  modelPath: string;
  onParseError: (message: string | null) => void;
  parseError: string | null;
}

export function ArgumentsEditor({ schema, value, onChange, idPrefix, modelPath, onParseError, parseError }: Props) {
  const [showJson, setShowJson] = useState(true);
  return (
    <div className="space-y-2">
      <SchemaForm schema={schema} value={value} onChange={onChange} idPrefix={idPrefix} />
      <div>
        <button
          type="button"
          data-testid="toggle-json"
          className="text-[10px] tracking-wide text-dim uppercase hover:text-ink"
          onClick={() => setShowJson((v) => !v)}
        >
          {showJson ? '▾' : '▸'} JSON (synced with the form)
        </button>
        {showJson && (
          <div data-testid="arguments-json" className="mt-1 h-44 border border-edge">
            <SchemaJsonEditor path={modelPath} schema={schema} value={value} onChange={onChange} onParseError={onParseError} />
          </div>
        )}
        {parseError !== null && <p className="text-red-300">JSON: {parseError}. The form keeps the last valid value.</p>}
      </div>
    </div>
  );
}
