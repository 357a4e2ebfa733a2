// The CodeEditor loaded on demand: Monaco's code (about 4 MB) is fetched and run only when an editor is first on screen,
// so a page that never shows one (most pages: a log looked at) never pays for it. Until it has arrived the editor's
// text is shown as plain read-only text, so an opened detail or form shows its content at once. An editor on screen
// while the page starts (a deep link's frame in the detail, a composer left open) waits for the log's paint
// (lib/editor/first-paint.ts), so Monaco's parse never holds back the rows and the count; a user's move towards an
// editor (preloadEditor) starts it at once.
import { lazy, Suspense, useState } from 'react';
import { afterFirstPaint } from '../lib/editor/first-paint.js';
import type { CodeEditorProps } from './code-editor.js';

let code: ReturnType<typeof importEditor> | null = null;
const importEditor = () => import('./code-editor.js');
const loadEditor = () => (code ??= importEditor());
let wantNow: () => void = () => undefined;
const wanted = new Promise<void>((resolve) => (wantNow = resolve));
const CodeEditor = lazy(() => Promise.race([afterFirstPaint(), wanted]).then(loadEditor));

/** Starts loading the editor's code ahead of an editor (a pointer over what opens one), hiding part of the wait. */
export function preloadEditor(): void {
  wantNow();
  void loadEditor();
}

interface Props extends CodeEditorProps {
  /** Mounted but not shown (it keeps its text for later): nothing loads, or renders, until it is first shown. */
  hidden?: boolean;
}

export function LazyCodeEditor({ hidden = false, ...props }: Props) {
  const [shown, setShown] = useState(!hidden);
  if (!hidden && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={<PlainText text={props.value ?? props.defaultValue ?? ''} wordWrap={props.wordWrap === true} />}>
      <CodeEditor {...props} />
    </Suspense>
  );
}

/** The editor's text while its code loads: read-only, as text (never markup), in the editor's font. */
function PlainText({ text, wordWrap }: { text: string; wordWrap: boolean }) {
  if (text === '') return <div className="p-2 text-dim">loading editor…</div>;
  return (
    <pre data-testid="editor-placeholder" className={`h-full overflow-auto p-2 font-mono text-xs ${wordWrap ? 'break-all whitespace-pre-wrap' : ''}`}>
      {text}
    </pre>
  );
}
