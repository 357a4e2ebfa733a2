// A session's tags: × removes one, the small field adds one (Enter).
import { useState } from 'react';
import { MAX_TAG_LENGTH, type HistoryEntry } from '../../../shared/archive-api.js';
import { usePatchSession } from '../../api/use-history.js';

export function SessionTags({ session }: { session: HistoryEntry }) {
  const patch = usePatchSession();
  const [draft, setDraft] = useState('');
  const save = (tags: string[]) => patch.mutate({ id: session.id, patch: { tags } });
  const add = () => {
    const tag = draft.trim();
    setDraft('');
    if (tag !== '' && !session.tags.includes(tag)) save([...session.tags, tag]);
  };
  return (
    <span className="flex flex-wrap items-center gap-1" data-testid="session-tags">
      {session.tags.map((t) => (
        <span key={t} className="flex items-center gap-1 rounded bg-sky-950 px-1.5 font-mono text-[11px] text-sky-200" data-testid="session-tag">
          {t}
          <button type="button" className="text-sky-400 hover:text-white" title={`remove ${t}`} onClick={() => save(session.tags.filter((x) => x !== t))}>
            ×
          </button>
        </span>
      ))}
      <input
        data-testid="session-tag-input"
        className="control w-24 py-0 text-[11px]"
        placeholder="+ tag"
        value={draft}
        maxLength={MAX_TAG_LENGTH}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && add()}
        onBlur={add}
      />
    </span>
  );
}
