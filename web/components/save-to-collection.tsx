// "Save to collection": keeps one call (a composer history entry, a Tools-panel call) as a step of a collection the
// relay keeps, an existing one or a new one, to run again with assertions from the Collections tab or `mcpscope run`.
import { useState } from 'react';
import { useCollections, useSaveCall, type SavedCall } from '../api/use-collections.js';

interface Props {
  /** The call to save, read when the user confirms (null: nothing savable, e.g. text that is not one request). */
  call: () => SavedCall | null;
  testId?: string;
}

const NEW = '';

export function SaveToCollection({ call, testId = 'save-to-collection' }: Props) {
  const [open, setOpen] = useState(false);
  const collections = useCollections();
  const save = useSaveCall();
  const [target, setTarget] = useState<string>(NEW);
  const [newName, setNewName] = useState('my calls');
  const [note, setNote] = useState<string | null>(null);
  const list = collections.data ?? [];
  const chosen = target === NEW || list.some((c) => c.id === target) ? target : NEW;

  const confirm = () => {
    const c = call();
    if (c === null) return setNote('not a single request: nothing to save');
    save.mutate(
      { id: chosen === NEW ? null : chosen, newName: newName.trim() || 'my calls', call: c },
      {
        onSuccess: (stored) => {
          setNote(`saved to ${stored.collection.name} (${stored.collection.steps.length} steps)`);
          setTarget(stored.id);
          setOpen(false);
        },
        onError: (err) => setNote(err instanceof Error ? err.message : String(err)),
      },
    );
  };

  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <button
        type="button"
        data-testid={testId}
        className="btn px-1"
        title="keep this call as a step of a collection (Collections tab)"
        onClick={() => setOpen(!open)}
      >
        Save to collection
      </button>
      {open && (
        <span data-testid="save-to-collection-form" className="inline-flex items-center gap-1">
          <select data-testid="save-collection-target" className="input" value={chosen} onChange={(e) => setTarget(e.target.value)} aria-label="collection">
            <option value={NEW}>New collection…</option>
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {chosen === NEW && (
            <input
              data-testid="save-collection-name"
              className="input w-28"
              value={newName}
              onChange={(e) => setNewName(e.target.value)}
              aria-label="new collection name"
            />
          )}
          <button type="button" data-testid="save-collection-confirm" className="btn btn-primary px-1" disabled={save.isPending} onClick={confirm}>
            Save
          </button>
        </span>
      )}
      {note && (
        <span data-testid="save-collection-note" className="text-dim">
          {note}
        </span>
      )}
    </span>
  );
}
