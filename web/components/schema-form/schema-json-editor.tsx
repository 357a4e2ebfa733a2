// The arguments as JSON in Monaco, in two-way sync with the form, with the schema attached for completion and diagnostics.
import type { OnMount } from '@monaco-editor/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { attachJsonSchema } from '../../lib/editor/monaco-json-schemas.js';
import { LazyCodeEditor } from '../lazy-code-editor.js';

type Editor = Parameters<OnMount>[0];
type Monaco = Parameters<OnMount>[1];

interface Props {
  /** Model path: names the model, and is what the schema is attached to. */
  path: string;
  schema: unknown;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The parse error of the current text, or null when it is valid JSON. */
  onParseError: (message: string | null) => void;
}

const pretty = (value: unknown) => (value === undefined ? '{}' : JSON.stringify(value, null, 2));

function parse(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

export function SchemaJsonEditor({ path, schema, value, onChange, onParseError }: Props) {
  const editorRef = useRef<Editor | null>(null);
  const [monaco, setMonaco] = useState<Monaco | null>(null);
  const applying = useRef(false);
  const latest = useRef({ value, onChange, onParseError });
  useLayoutEffect(() => {
    latest.current = { value, onChange, onParseError };
  });

  /** Writes the value into the editor as an edit (undo brings the old text back), unless it already says the same. */
  const show = useCallback((next: unknown) => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model) return;
    const current = parse(model.getValue());
    if (current.ok && JSON.stringify(current.value) === JSON.stringify(next)) return;
    applying.current = true;
    editor.pushUndoStop();
    editor.executeEdits('form', [{ range: model.getFullModelRange(), text: pretty(next) }]);
    editor.pushUndoStop();
    applying.current = false;
    latest.current.onParseError(null);
  }, []);

  // While the user types here the form follows the text; the text follows the form only when this editor is not focused.
  useEffect(() => {
    if (editorRef.current && !editorRef.current.hasTextFocus()) show(value);
  }, [value, show]);

  useEffect(() => {
    if (monaco) attachJsonSchema(monaco, path, schema);
  }, [monaco, path, schema]);

  const onMount: OnMount = useCallback(
    (editor, m) => {
      editorRef.current = editor;
      setMonaco(m);
      editor.onDidBlurEditorText(() => {
        // Leaving the editor: show what the form now holds (defaults RJSF added, say), unless the text is broken JSON the user may still fix.
        if (parse(editor.getValue()).ok) show(latest.current.value);
      });
      show(latest.current.value);
    },
    [show],
  );

  const onText = useCallback((text: string) => {
    if (applying.current) return;
    const parsed = parse(text);
    if (!parsed.ok) return latest.current.onParseError(parsed.message);
    latest.current.onParseError(null);
    latest.current.onChange(parsed.value);
  }, []);

  // Unlike the raw composer, this text is parsed before it is sent, so suggestions from the schema can only help.
  return <LazyCodeEditor path={path} defaultValue={pretty(value)} language="json" onChange={onText} onMount={onMount} suggest />;
}
