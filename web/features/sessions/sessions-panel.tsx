// The session history: search by name, target or tag, filter by tag, import a bundle, and one row per session; the
// sessions tools made for another (lab, check, replay) fold under it, collapsed.
import { useState } from 'react';
import { useHistory } from '../../api/use-history.js';
import { useDebounced } from '../../lib/ui/use-debounced.js';
import { BundleImport } from './bundle-import.js';
import { childrenSummary, groupSessions, type SessionGroup } from './session-groups.js';
import { SessionRow } from './session-row.js';

interface Props {
  /** The session the inspector shows. */
  currentId: string | null;
  onOpen: (sessionId: string) => void;
}

export function SessionsPanel({ currentId, onOpen }: Props) {
  const [q, setQ] = useState('');
  const [tag, setTag] = useState('');
  const query = useDebounced(q.trim(), 200);
  const history = useHistory(query, tag);
  const sessions = history.data?.sessions ?? [];
  return (
    <section className="flex min-h-0 min-w-0 flex-1 flex-col" aria-label="sessions">
      <header className="flex shrink-0 flex-wrap items-center gap-2 border-b border-edge px-3 py-2">
        <h2 className="text-sm font-semibold">Sessions</h2>
        <input
          data-testid="history-search"
          className="control w-64"
          placeholder="search name, target, tag"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          spellCheck={false}
        />
        <select
          data-testid="history-tag"
          className="control"
          aria-label="tag"
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          title="only sessions with this tag"
        >
          <option value="">all tags</option>
          {(history.data?.tags ?? []).map((t) => (
            <option key={t.tag} value={t.tag}>
              {`${t.tag} (${t.count})`}
            </option>
          ))}
        </select>
        <div className="ml-auto">
          <BundleImport onImported={onOpen} />
        </div>
      </header>
      {history.error && <p className="px-3 py-1 text-red-300">{history.error.message}</p>}
      <ul className="min-h-0 flex-1 overflow-y-auto" data-testid="history-list">
        {groupSessions(sessions).map((g) => (
          <SessionGroupView key={g.session.id} group={g} currentId={currentId} onOpen={onOpen} />
        ))}
        {history.isSuccess && sessions.length === 0 && <li className="p-4 text-dim">{q || tag ? 'No session matches.' : 'No sessions recorded yet.'}</li>}
        {sessions.length > 0 && (
          <li className="flex items-center gap-2 px-3 py-2 text-[11px] text-dim" data-testid="history-more">
            <span data-testid="history-count">{`${sessions.length} shown${history.hasNextPage ? ', more match' : ''}`}</span>
            {history.hasNextPage && (
              <button
                type="button"
                className="btn"
                data-testid="history-load-more"
                disabled={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            )}
          </li>
        )}
      </ul>
    </section>
  );
}

/** A session and, folded under it until opened, the sessions tools made for it. */
function SessionGroupView({ group, currentId, onOpen }: { group: SessionGroup; currentId: string | null; onOpen: (id: string) => void }) {
  // Open by itself when the inspector shows one of them, so the current session is never hidden.
  const [open, setOpen] = useState(() => group.children.some((c) => c.id === currentId));
  const { session, children } = group;
  return (
    <>
      <SessionRow session={session} current={session.id === currentId} onOpen={onOpen} />
      {children.length > 0 && (
        <li className="border-b border-edge pl-6" data-testid="history-children" data-parent={session.id} data-open={open}>
          <button
            type="button"
            data-testid="history-children-toggle"
            className="py-1 text-[11px] text-dim hover:text-ink"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? '▾' : '▸'} {childrenSummary(children)}
          </button>
          {open && (
            <ul className="border-l border-edge">
              {children.map((c) => (
                <SessionRow key={c.id} session={c} current={c.id === currentId} nested onOpen={onOpen} />
              ))}
            </ul>
          )}
        </li>
      )}
    </>
  );
}
