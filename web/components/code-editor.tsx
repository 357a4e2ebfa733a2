// Monaco as a React component, with the editor settings mcpscope wants everywhere; loaded lazily (it is large).
// Tab never traps the keyboard in it: it moves the focus on, unless the user switches it to type tabs (lib/editor/tab-key).
import Editor, { type OnMount } from '@monaco-editor/react';
import { useCallback, useState } from 'react';
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
}

export default function CodeEditor({ value, defaultValue, language, readOnly, wordWrap, onChange, onMount, path }: CodeEditorProps) {
  const { theme } = useTheme();
  const [typingTabs, setTypingTabs] = useState(false);
  const mount: OnMount = useCallback(
    (editor, monaco) => {
      if (!readOnly) bindTabSwitch(editor, monaco, () => setTypingTabs((on) => !on));
      onMount?.(editor, monaco);
    },
    [readOnly, onMount],
  );
  const editor = (
    <Editor
      value={value}
      defaultValue={defaultValue}
      language={language}
      path={path}
      theme={MONACO_THEMES[theme]}
      onChange={(v) => onChange?.(v ?? '')}
      onMount={mount}
      loading={<div className="p-2 text-dim">loading editor…</div>}
      options={{
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
        // Typed text must reach the wire exactly as typed: no auto-closing, no suggestions, no reformatting.
        autoClosingBrackets: 'never',
        autoClosingQuotes: 'never',
        autoClosingOvertype: 'never',
        autoSurround: 'never',
        autoIndent: 'none',
        formatOnPaste: false,
        formatOnType: false,
        quickSuggestions: false,
        suggestOnTriggerCharacters: false,
        acceptSuggestionOnEnter: 'off',
        wordBasedSuggestions: 'off',
        parameterHints: { enabled: false },
        links: false,
        contextmenu: true,
        unicodeHighlight: { ambiguousCharacters: true, invisibleCharacters: true },
        scrollbar: { verticalScrollbarSize: 10, horizontalScrollbarSize: 10 },
      }}
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
