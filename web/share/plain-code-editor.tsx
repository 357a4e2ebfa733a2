// The share viewer's stand-in for Monaco (vite.share.config.ts puts it where components/code-editor.tsx is imported):
// a read-only view has no use for an editor, and Monaco's several MB would outweigh the recording in most files.
import type { CodeEditorProps } from '../components/code-editor.js';

export default function PlainCodeEditor({ value, defaultValue, wordWrap }: CodeEditorProps) {
  // As text, never markup: a server's string full of HTML stays characters on screen.
  return (
    <pre data-testid="plain-editor" className={`h-full overflow-auto p-2 font-mono text-xs ${wordWrap ? 'break-all whitespace-pre-wrap' : ''}`}>
      {value ?? defaultValue ?? ''}
    </pre>
  );
}
