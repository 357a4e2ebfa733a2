// Edits one preset's payload before sending: its text in an editor, or its exact bytes as base64 for encoding faults.
import { useState } from 'react';
import { bytesToText, fromBase64, type FaultPayload, type FaultPreset, type HttpFaultRequest } from '../../../shared/fault-lab/index.js';
import { isPlainObject, parseJson } from '../../../shared/jsonrpc.js';
import { LazyCodeEditor } from '../../components/lazy-code-editor.js';

interface Props {
  preset: FaultPreset;
  initial: FaultPayload;
  disabled: boolean;
  /** `preset` is the one given, or a copy with its HTTP request edited. */
  onSend: (preset: FaultPreset, payload: FaultPayload) => void;
  onClose: () => void;
}

const METHODS: HttpFaultRequest['method'][] = ['POST', 'GET', 'DELETE', 'PUT'];

/** The header changes as typed: an object of strings (replace) and nulls (remove), or why not. */
function parseHeaders(text: string): HttpFaultRequest['headers'] | string {
  const parsed = parseJson(text);
  if (!parsed.ok || !isPlainObject(parsed.value)) return 'header changes must be a JSON object, e.g. {"Accept": null}';
  for (const [k, v] of Object.entries(parsed.value)) if (v !== null && typeof v !== 'string') return `${k}: a string replaces the header, null removes it`;
  return parsed.value as HttpFaultRequest['headers'];
}

export function PresetEditor({ preset, initial, disabled, onSend, onClose }: Props) {
  const [text, setText] = useState('text' in initial ? initial.text : '');
  const [b64, setB64] = useState('b64' in initial ? initial.b64 : '');
  const [method, setMethod] = useState(preset.http?.method ?? 'POST');
  const [headers, setHeaders] = useState(JSON.stringify(preset.http?.headers ?? {}));
  const bytes = 'b64' in initial;
  const changes = preset.http ? parseHeaders(headers) : {};
  const send = () => {
    if (typeof changes === 'string') return;
    onSend(preset.http ? { ...preset, http: { method, headers: changes } } : preset, bytes ? { b64 } : { text });
  };
  return (
    <div data-testid="fault-editor" className="space-y-1 border-b border-edge bg-panel-2 px-3 py-2">
      <div className="flex items-center gap-1.5">
        <span className="font-semibold">{preset.title}</span>
        <span className="truncate text-dim">spec: {preset.spec}</span>
        <button
          type="button"
          data-testid="fault-editor-send"
          className="btn btn-primary ml-auto"
          disabled={disabled || typeof changes === 'string'}
          onClick={send}
        >
          Send edited
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
      {preset.http && (
        <div className="flex items-center gap-1.5">
          <select
            aria-label="HTTP method"
            data-testid="fault-editor-method"
            className="rounded bg-black/30 px-1"
            value={method}
            onChange={(e) => setMethod(e.target.value as HttpFaultRequest['method'])}
          >
            {METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
          <label className="flex min-w-0 flex-1 items-center gap-1 text-dim">
            header changes
            <input
              data-testid="fault-editor-headers"
              className="min-w-0 flex-1 rounded bg-black/30 px-1 font-mono"
              value={headers}
              onChange={(e) => setHeaders(e.target.value)}
            />
          </label>
          {typeof changes === 'string' && <span className="text-rose-300">{changes}</span>}
        </div>
      )}
      {bytes ? (
        <div className="space-y-1">
          <label className="block text-dim">
            bytes, base64 (sent exactly)
            <input
              data-testid="fault-editor-b64"
              className="mt-0.5 w-full rounded bg-black/30 px-1 font-mono"
              value={b64}
              onChange={(e) => setB64(e.target.value)}
            />
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
