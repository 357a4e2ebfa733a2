// The sampling answer as JSON in Monaco, with the CreateMessageResult schema attached for completion and diagnostics.
import type { OnMount } from '@monaco-editor/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { LazyCodeEditor } from '../../components/lazy-code-editor.js';
import { CREATE_MESSAGE_RESULT_SCHEMA } from '../../lib/server-requests/create-message-result-schema.js';
import { attachJsonSchema, modelPathSegment } from '../../lib/editor/monaco-json-schemas.js';

type Monaco = Parameters<OnMount>[1];

/** Every answer editor's model path (below) in one glob: one entry in Monaco's schema list for all of them, so a new
 * answer does not change the list (which would restart Monaco's JSON worker). */
const SAMPLING_RESULT_MATCH = 'mcpscope://sampling/*/*/result.json';

export function SamplingResultEditor({ initial, onText, revision = 0 }: { initial: string; onText: (text: string) => void; revision?: number }) {
  // One model per answer editor, so two pending requests never share (or overwrite) each other's text; a new revision
  // (the model's answer replacing the canned one) is a new model, since Monaco keeps a path's text over defaultValue.
  const path = `mcpscope://sampling/${modelPathSegment(useId())}/${revision}/result.json`;
  const [monaco, setMonaco] = useState<Monaco | null>(null);
  useEffect(() => {
    if (monaco) attachJsonSchema(monaco, SAMPLING_RESULT_MATCH, CREATE_MESSAGE_RESULT_SCHEMA);
  }, [monaco]);
  const onMount: OnMount = useCallback((_editor, m) => setMonaco(m), []);
  return (
    <div data-testid="sampling-result" className="h-48 border border-edge">
      {/* The answer is parsed before it is sent, so suggestions from the schema can only help. */}
      <LazyCodeEditor path={path} defaultValue={initial} language="json" onChange={onText} onMount={onMount} suggest />
    </div>
  );
}
