// Suspense wrapper around the lazily loaded CodeEditor, so panels render before Monaco has arrived. An editor on screen
// asks for Monaco at once; a hidden one (the collapsed composer) lets it wait until the log has painted (see
// lib/editor/first-paint), since parsing it would delay that paint.
import { lazy, Suspense, useEffect } from 'react';
import { editorMayLoad, wantEditorNow } from '../lib/editor/first-paint.js';
import type { CodeEditorProps } from './code-editor.js';

const CodeEditor = lazy(() => editorMayLoad().then(() => import('./code-editor.js')));

interface Props extends CodeEditorProps {
  /** Mounted but not shown (it keeps its text for later): its code need not load before the log's first paint. */
  hidden?: boolean;
}

export function LazyCodeEditor({ hidden = false, ...props }: Props) {
  useEffect(() => {
    if (!hidden) wantEditorNow();
  }, [hidden]);
  return (
    <Suspense fallback={<div className="p-2 text-dim">loading editor…</div>}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
