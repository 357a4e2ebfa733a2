// Downloads every profile as one client config file; secret values become that client's variables unless asked for.
import { useState } from 'react';
import { CONFIG_FLAVORS, type ConfigFlavor } from '../../../shared/profiles/format-mcp-config.js';
import { downloadBlob } from '../../lib/ui/download.js';
import { useRelay } from '../../lib/relay/relay-context.js';

const LABELS: Record<ConfigFlavor, string> = { 'claude-desktop': 'Claude Desktop', cursor: 'Cursor', vscode: 'VS Code' };

export function ProfilesExport({ disabled }: { disabled: boolean }) {
  const { http } = useRelay();
  const [format, setFormat] = useState<ConfigFlavor>('vscode');
  const [secrets, setSecrets] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const run = () => {
    setNote(null);
    http.call('exportProfiles', { query: { format, ...(secrets ? { secrets: 'include' } : {}) } }).then(
      (out) => {
        downloadBlob(out.fileName, out.text, 'application/json');
        if (out.warnings.length > 0) setNote(out.warnings.join(' · '));
      },
      (err: unknown) => setNote(err instanceof Error ? err.message : String(err)),
    );
  };
  return (
    <span className="ml-auto flex items-center gap-1.5">
      <select
        className="control"
        data-testid="profiles-export-format"
        aria-label="export for"
        value={format}
        onChange={(e) => setFormat(e.target.value as ConfigFlavor)}
      >
        {CONFIG_FLAVORS.map((f) => (
          <option key={f} value={f}>
            {LABELS[f]}
          </option>
        ))}
      </select>
      <label className="flex items-center gap-1 text-dim" title="write secret values as they are (off: placeholders)">
        <input type="checkbox" checked={secrets} onChange={(e) => setSecrets(e.target.checked)} />
        secrets
      </label>
      <button type="button" className="btn" data-testid="profiles-export" disabled={disabled} onClick={run}>
        Export
      </button>
      {note && <span className="text-amber-200">{note}</span>}
    </span>
  );
}
