// Imports the servers of a Claude Desktop, Cursor, VS Code or Claude Code config file (picked or dropped) as profiles.
import { useImportProfiles } from '../../api/use-profiles.js';
import { FileDropZone } from '../../components/file-drop-zone.js';

export function ProfilesImport() {
  const importProfiles = useImportProfiles();
  const result = importProfiles.data;
  return (
    <FileDropZone
      testId="profiles-import"
      label={importProfiles.isPending ? 'Importing…' : 'Import mcp.json'}
      accept=".json,.jsonc,application/json"
      disabled={importProfiles.isPending}
      onFile={(file) => void file.text().then((text) => importProfiles.mutate(text))}
      className="flex shrink-0 flex-wrap items-center gap-2 border-b border-edge px-3 py-2"
    >
      <span className="text-dim">or drop claude_desktop_config.json, .cursor/mcp.json, .vscode/mcp.json here</span>
      {importProfiles.error && <p className="w-full text-red-300">{importProfiles.error.message}</p>}
      {result && (
        <div className="w-full" data-testid="profiles-import-result">
          <p className="text-emerald-300">{`imported ${result.profiles.length} profile${result.profiles.length === 1 ? '' : 's'}`}</p>
          {result.warnings.map((w) => (
            <p key={w} className="text-amber-200">
              {w}
            </p>
          ))}
        </div>
      )}
    </FileDropZone>
  );
}
