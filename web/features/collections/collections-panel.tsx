// The Collections tab: the collections the relay keeps (calls saved from the composer's history and the Tools panel),
// each run against this session's target on a scratch connection of its own (recorded, linked to this session), its
// steps graded with links to their frames; imported and exported as the file `mcpscope run` reads.
import { useState } from 'react';
import { parseCollection } from '../../../shared/collections/collection-schema.js';
import { runCounts } from '../../../shared/collections/run-report.js';
import { useCollection, useCollections, useCreateCollection, useDeleteCollection, useUpdateCollection } from '../../api/use-collections.js';
import { useSession } from '../../api/use-sessions.js';
import { FileDropZone } from '../../components/file-drop-zone.js';
import { downloadBlob } from '../../lib/ui/download.js';
import { CollectionJson } from './collection-json.js';
import { StepResultRow } from './step-result-row.js';
import { useCollectionRun } from './use-collection-run.js';

interface Props {
  sessionId: string;
  onOpenFrame: (sessionId: string, seq: number | null) => void;
}

const fileName = (name: string) =>
  `${
    name
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'collection'
  }.collection.json`;

export function CollectionsPanel({ sessionId, onOpenFrame }: Props) {
  const session = useSession(sessionId);
  const list = useCollections();
  const [picked, setPicked] = useState<string | null>(null);
  const selected = picked ?? list.data?.[0]?.id ?? null;
  const stored = useCollection(selected);
  const create = useCreateCollection();
  const update = useUpdateCollection();
  const remove = useDeleteCollection();
  const { report, running, error, run } = useCollectionRun(sessionId);
  const [note, setNote] = useState<string | null>(null);
  const live = session?.live === true;

  const importFile = async (file: File) => {
    let value: unknown;
    try {
      value = JSON.parse(await file.text());
    } catch (err) {
      return setNote(`${file.name} is not JSON: ${(err as Error).message}`);
    }
    const parsed = parseCollection(value);
    if (!parsed.ok) return setNote(`${file.name} is not a collection: ${parsed.error}`);
    create.mutate(parsed.collection, { onSuccess: (s) => (setPicked(s.id), setNote(`imported ${s.collection.name}`)), onError: (err) => setNote(err.message) });
  };

  return (
    <section data-testid="collections-panel" className="flex min-h-0 flex-1 flex-col overflow-auto">
      <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-edge px-3 py-2">
        <select data-testid="collection-select" className="input" value={selected ?? ''} onChange={(e) => setPicked(e.target.value)} aria-label="collection">
          {(list.data ?? []).length === 0 && <option value="">No collections yet</option>}
          {(list.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.steps} steps)
            </option>
          ))}
        </select>
        <button
          type="button"
          data-testid="collection-run"
          className="btn btn-primary"
          disabled={!live || running || selected === null}
          onClick={() => selected && void run(selected)}
        >
          {running ? 'Running…' : 'Run'}
        </button>
        <button
          type="button"
          data-testid="collection-export"
          className="btn"
          disabled={!stored.data}
          onClick={() =>
            stored.data && downloadBlob(fileName(stored.data.collection.name), `${JSON.stringify(stored.data.collection, null, 2)}\n`, 'application/json')
          }
        >
          Export
        </button>
        <FileDropZone label="Import…" accept=".json,application/json" testId="collection-import" onFile={(f) => void importFile(f)} />
        <button
          type="button"
          data-testid="collection-delete"
          className="btn ml-auto"
          disabled={selected === null}
          onClick={() => selected && remove.mutate(selected, { onSuccess: () => setPicked(null) })}
        >
          Delete
        </button>
      </div>
      <p className="shrink-0 px-3 pt-2 text-dim">
        Calls saved from the composer&apos;s history and the Tools panel (<em>Save to collection</em>), run with their assertions on a connection of their own
        to this server, as <code>mcpscope run</code> runs the exported file.
        {!live && ' Start the session to run a collection.'}
      </p>
      {note && (
        <p data-testid="collection-note" className="px-3 py-1 text-dim">
          {note}
        </p>
      )}
      {error && (
        <p data-testid="collection-run-error" className="px-3 py-1 text-rose-300">
          {error}
        </p>
      )}
      {report && (
        <div className="px-3 py-2" data-testid="collection-report">
          <p data-testid="collection-run-summary">{runCounts(report.steps)}</p>
          <ul>
            {report.steps.map((s) => (
              <StepResultRow key={s.name} step={s} sessionId={report.session} onOpenFrame={onOpenFrame} />
            ))}
          </ul>
        </div>
      )}
      {stored.data && (
        <details className="px-3 py-2">
          <summary className="cursor-pointer text-dim">Steps and assertions (JSON)</summary>
          <CollectionJson
            key={`${stored.data.id}:${stored.data.updatedAt}`}
            collection={stored.data.collection}
            saving={update.isPending}
            onSave={(collection) =>
              update.mutate({ id: stored.data!.id, collection }, { onSuccess: () => void stored.refetch(), onError: (err) => setNote(err.message) })
            }
          />
        </details>
      )}
    </section>
  );
}
