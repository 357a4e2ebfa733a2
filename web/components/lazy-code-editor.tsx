// Suspense wrapper around the lazily loaded CodeEditor, so panels render before Monaco has arrived.
import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './code-editor.js';

const CodeEditor = lazy(() => import('./code-editor.js'));

export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<div className="p-2 text-dim">loading editor…</div>}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
