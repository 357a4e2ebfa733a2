// Suspense wrapper around the lazily loaded CodeEditor, so panels render before Monaco has arrived; Monaco is fetched
// only once the log has painted its first rows (see lib/first-paint), since parsing it would delay that paint.
import { lazy, Suspense } from 'react';
import { afterFirstPaint } from '../lib/editor/first-paint.js';
import type { CodeEditorProps } from './code-editor.js';

const CodeEditor = lazy(() => afterFirstPaint().then(() => import('./code-editor.js')));

export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<div className="p-2 text-dim">loading editor…</div>}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
