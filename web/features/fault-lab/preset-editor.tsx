// Edits one preset's payload before sending: its text in an editor, or its exact bytes as base64 for encoding faults.
import { useState } from 'react';
import { bytesToText, fromBase64, type FaultPayload, type FaultPreset } from '../../../shared/fault-lab/index.js';
import { LazyCodeEditor } from '../../components/lazy-code-editor.js';

interface Props {
  preset: FaultPreset;
  initial: FaultPayload;
  disabled: boolean;
  onSend: (payload: FaultPayload) => void;
  onClose: () => void;
}

export function PresetEditor({ preset, initial, disabled, onSend, onClose }: Props) {
  const [text, setText] = useState('text' in initial ? initial.text : '');
  const [b64, setB64] = useState('b64' in initial ? initial.b64 : '');
  const bytes = 'b64' in initial;
  return (
    <div data-testid="fault-editor" className="space-y-1 border-b border-edge bg-panel-2 px-3 py-2">
      <div className="flex items-center gap-1.5">
        <span className="font-semibold">{preset.title}</span>
        <span className="truncate text-dim">spec: {preset.spec}</span>
        <button type="button" data-testid="fault-editor-send" className="btn btn-primary ml-auto" disabled={disabled} onClick={() => onSend(bytes ? { b64 } : { text })}>
          Send edited
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
      {bytes ? (
        <div className="space-y-1">
          <label className="block text-dim">
            bytes, base64 (sent exactly)
            <input data-testid="fault-editor-b64" className="mt-0.5 w-full rounded bg-black/30 px-1 font-mono" value={b64} onChange={(e) => setB64(e.target.value)} />
          </label>
          <pre className="overflow-auto rounded bg-black/30 px-2 py-1 font-mono text-[11px] whitespace-pre-wrap">{bytesToText(fromBase64(b64))}</pre>
        </div>
      ) : (
        <div className="h-32" data-testid="fault-editor-text">
          {/* Keyed by preset so switching presets starts a fresh model instead of keeping the last edit. */}
          <LazyCodeEditor key={preset.id} path={`mcpscope://fault-lab/${preset.id}`} defaultValue={text} language="plaintext" wordWrap onChange={setText} />
        </div>
      )}
    </div>
  );
}
