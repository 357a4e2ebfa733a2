// A session's name; click it to rename (Enter saves, Escape cancels).
import { useState } from 'react';
import type { HistoryEntry } from '../../../shared/archive-api.js';
import { usePatchSession } from '../../api/use-history.js';

export function SessionName({ session }: { session: HistoryEntry }) {
  const patch = usePatchSession();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <button
        type="button"
        data-testid="session-name"
        className="min-w-0 truncate text-left font-medium hover:underline"
        title="rename"
        onClick={() => setDraft(session.name)}
      >
        {session.name}
      </button>
    );
  }
  const save = () => {
    const name = draft.trim();
    setDraft(null);
    if (name !== '' && name !== session.name) patch.mutate({ id: session.id, patch: { name } });
  };
  return (
    <input
      data-testid="session-rename-input"
      className="control min-w-64"
      autoFocus
      value={draft}
      maxLength={200}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
        if (e.key === 'Escape') setDraft(null);
      }}
    />
  );
}
