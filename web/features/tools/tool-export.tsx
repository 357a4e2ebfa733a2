// Export the listed tools as OpenAI or Anthropic `tools` JSON: copy it, or download it as a file.
import { useMemo, useState } from 'react';
import { downloadBlob } from '../../lib/ui/download.js';
import { exportTools, unexportableNames, type ExportFormat } from './tool-export-formats.js';
import type { ToolInfo } from './tool-info.js';

const LABELS: Record<ExportFormat, string> = { openai: 'OpenAI tools', anthropic: 'Anthropic tools' };

export function ToolExport({ tools }: { tools: readonly ToolInfo[] }) {
  const [format, setFormat] = useState<ExportFormat>('openai');
  const [copied, setCopied] = useState<string | null>(null);
  const text = useMemo(() => JSON.stringify(exportTools(tools, format), null, 2), [tools, format]);
  const bad = unexportableNames(tools);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied('copied'),
      () => setCopied('the browser refused the clipboard: select the text below instead'),
    );
  };
  return (
    <div data-testid="tool-export" className="space-y-1 border-b border-edge bg-panel-2 px-3 py-2">
      <div className="flex flex-wrap items-center gap-1.5">
        {(Object.keys(LABELS) as ExportFormat[]).map((f) => (
          <button
            key={f}
            type="button"
            data-testid={`export-${f}`}
            aria-pressed={format === f}
            className={`btn ${format === f ? 'btn-primary' : ''}`}
            onClick={() => setFormat(f)}
          >
            {LABELS[f]}
          </button>
        ))}
        <button type="button" data-testid="export-copy" className="btn ml-auto" onClick={copy}>
          Copy
        </button>
        <button type="button" data-testid="export-download" className="btn" onClick={() => downloadBlob(`${format}-tools.json`, text, 'application/json')}>
          Download
        </button>
      </div>
      {copied && <p className="text-dim">{copied}</p>}
      {bad.length > 0 && <p className="text-amber-300">Names the API would reject (only letters, digits, _ and -, up to 64): {bad.join(', ')}</p>}
      <pre data-testid="export-json" className="max-h-48 overflow-auto rounded bg-black/30 px-2 py-1 font-mono text-[11px] whitespace-pre-wrap select-all">
        {text}
      </pre>
    </div>
  );
}
