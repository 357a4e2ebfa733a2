// Imports a repro bundle or a share file (an HTML file made by Share → HTML file, which carries its bundle), picked or
// dropped, as a read-only session, then offers to open it.
import { useImportBundle } from '../../api/use-history.js';
import { FileDropZone } from '../../components/file-drop-zone.js';

export function BundleImport({ onImported }: { onImported: (sessionId: string) => void }) {
  const importBundle = useImportBundle();
  const result = importBundle.data;
  return (
    <FileDropZone
      testId="bundle-import"
      label={importBundle.isPending ? 'Importing…' : 'Import bundle'}
      accept=".json,.html,.htm,application/json,text/html"
      disabled={importBundle.isPending}
      onFile={(file) => importBundle.mutate(file)}
      className="flex items-center gap-2 rounded px-1"
    >
      <span className="text-dim">or drop a .bundle.json or a shared .html here</span>
      {importBundle.error && (
        <span className="text-red-300" data-testid="bundle-import-error">
          {importBundle.error.message}
        </span>
      )}
      {result && (
        <button type="button" className="text-sky-400 hover:underline" data-testid="bundle-import-open" onClick={() => onImported(result.session.id)}>
          {`open "${result.session.name}" (${result.frames} frames)`}
        </button>
      )}
    </FileDropZone>
  );
}
