// Monaco as a React component, with the editor settings mcpscope wants everywhere; loaded lazily (it is large).
// Tab never traps the keyboard in it: it moves the focus on, unless the user switches it to type tabs (lib/editor/tab-key).
import Editor, { type EditorProps, type OnMount } from '@monaco-editor/react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { MONACO_THEMES } from '../lib/editor/monaco-setup.js';
import { bindTabSwitch, tabHint } from '../lib/editor/tab-key.js';
import { useTheme } from '../lib/ui/theme.js';

export interface CodeEditorProps {
  /** Controlled text, for read-only views. An editor the user types in must use defaultValue instead: a controlled
   * value lags behind fast typing by a render, and @monaco-editor/react would write the stale text back. */
  value?: string;
  defaultValue?: string;
  language: 'json' | 'plaintext';
  readOnly?: boolean;
  wordWrap?: boolean;
  onChange?: (value: string) => void;
  onMount?: OnMount;
  /** Names the model, so each editor keeps its own undo history and markers. */
  path?: string;
  /** Suggestions as the user types (a schema's properties and values): for text that is parsed before it is sent, where
   * they can only help. Off by default: the raw composer sends exactly what was typed. */
  suggest?: boolean;
}

export default function CodeEditor({ value, defaultValue, language, readOnly, wordWrap, onChange, onMount, path, suggest = false }: CodeEditorProps) {
  const { theme } = useTheme();
  const [typingTabs, setTypingTabs] = useState(false);
  const mount: OnMount = useCallback(
    (editor, monaco) => {
      if (!readOnly) bindTabSwitch(editor, monaco, () => setTypingTabs((on) => !on));
      onMount?.(editor, monaco);
    },
    [readOnly, onMount],
  );
  // @monaco-editor/react hands `options` to Monaco's updateOptions whenever the object is a new one, and Monaco then
  // writes every setting through its configuration service again: made afresh on each render, that ran on every render
  // of every editor, and put back settings a caller had changed since mount. So they are made only when one changes.
  const options = useMemo(() => editorOptions({ readOnly, typingTabs, wordWrap, suggest }), [readOnly, typingTabs, wordWrap, suggest]);
  // Likewise a new onChange makes it subscribe to the model's changes again; the latest one is read through a ref.
  const changed = useRef(onChange);
  useLayoutEffect(() => {
    changed.current = onChange;
  });
  const change = useCallback((v: string | undefined) => changed.current?.(v ?? ''), []);
  const editor = (
    <Editor
      value={value}
      defaultValue={defaultValue}
      language={language}
      path={path}
      theme={MONACO_THEMES[theme]}
      onChange={change}
      onMount={mount}
      loading={<div className="p-2 text-dim">loading editor…</div>}
      options={options}
    />
  );
  if (readOnly) return editor;
  return (
    <div className="flex h-full flex-col">
      <div className="min-h-0 flex-1">{editor}</div>
      <p
        data-testid="editor-tab-hint"
        data-typing-tabs={typingTabs}
        aria-live="polite"
        className="shrink-0 border-t border-edge px-2 text-[10px] leading-4 text-dim"
      >
        {tabHint(typingTabs)}
      </p>
    </div>
  );
}

/** The settings every editor gets, from the few a caller or the user can change. */
function editorOptions({
  readOnly,
  typingTabs,
  wordWrap,
  suggest,
}: {
  readOnly?: boolean;
  typingTabs: boolean;
  wordWrap?: boolean;
  suggest: boolean;
}): EditorProps['options'] {
  return {
    readOnly,
    // Read only, Tab has nothing to type; editable, it types only once the user has asked for it.
    tabFocusMode: readOnly === true || !typingTabs,
    domReadOnly: readOnly,
    wordWrap: wordWrap ? 'on' : 'off',
    minimap: { enabled: false },
    fontSize: 12,
    lineNumbers: 'on',
    lineNumbersMinChars: 3,
    glyphMargin: false,
    folding: true,
    scrollBeyondLastLine: false,
    renderLineHighlight: readOnly ? 'none' : 'line',
    automaticLayout: true,
    // Typed text must reach the wire exactly as typed: no auto-closing, no reformatting, and suggestions only where the
    // caller asked for them (`suggest`); even then Enter never accepts one.
    autoClosingBrackets: 'never',
    autoClosingQuotes: 'never',
    autoClosingOvertype: 'never',
    autoSurround: 'never',
    autoIndent: 'none',
    formatOnPaste: false,
    formatOnType: false,
    quickSuggestions: suggest ? { strings: true, other: true, comments: false } : false,
    suggestOnTriggerCharacters: suggest,
    acceptSuggestionOnEnter: 'off',
    wordBasedSuggestions: 'off',
    parameterHints: { enabled: false },
    links: false,
    contextmenu: true,
    unicodeHighlight: { ambiguousCharacters: true, invisibleCharacters: true },
    scrollbar: { verticalScrollbarSize: 10, horizontalScrollbarSize: 10 },
  };
}
