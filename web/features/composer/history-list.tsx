// The composer's history and snippets: resend a past message, open it in the editor, or keep it as a named snippet.
import { useSyncExternalStore } from 'react';
import { SaveToCollection } from '../../components/save-to-collection.js';
import type { SavedCall } from '../../api/use-collections.js';
import { composerHistory, snippetName } from './composer-history.js';

/** A history entry as a collection step: one request object with a method (a batch or raw text is not one). */
function asCall(text: string): SavedCall | null {
  try {
    const m = JSON.parse(text) as unknown;
    if (m === null || typeof m !== 'object' || Array.isArray(m) || typeof (m as { method?: unknown }).method !== 'string') return null;
    const { method, params } = m as { method: string; params?: unknown };
    return { method, ...(params === undefined ? {} : { params }) };
  } catch {
    return null;
  }
}

interface Props {
  canSend: boolean;
  /** Puts the text in the editor (with a fresh id for a single request). */
  onEdit: (text: string) => void;
  onResend: (text: string) => void;
}

export function HistoryList({ canSend, onEdit, onResend }: Props) {
  useSyncExternalStore(composerHistory.subscribe, () => composerHistory.version);
  const { entries, snippets } = composerHistory;
  return (
    <div data-testid="composer-history" className="flex w-80 shrink-0 flex-col overflow-auto border-l border-edge text-[11px]">
      {snippets.length > 0 && (
        <>
          <h3 className="px-2 pt-1 text-[10px] tracking-wide text-dim uppercase">Snippets</h3>
          <ul>
            {snippets.map((s) => (
              <li key={s.name} data-testid="composer-snippet" className="flex items-center gap-1 px-2 py-0.5">
                <span className="min-w-0 flex-1 truncate" title={s.text}>
                  {s.name}
                </span>
                <button type="button" className="btn px-1" onClick={() => onEdit(s.text)}>
                  Edit
                </button>
                <button type="button" className="btn px-1" aria-label={`delete snippet ${s.name}`} onClick={() => composerHistory.removeSnippet(s.name)}>
                  ×
                </button>
                {asCall(s.text) !== null && <SaveToCollection testId="snippet-save-collection" call={() => asCall(s.text)} />}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="px-2 pt-1 text-[10px] tracking-wide text-dim uppercase">Sent ({entries.length})</h3>
      {entries.length === 0 && <p className="px-2 text-dim">Nothing sent from the composer yet.</p>}
      <ul>
        {entries.map((e) => (
          <li key={`${e.at}-${e.text}`} data-testid="composer-history-entry" className="flex items-center gap-1 px-2 py-0.5">
            <span className="min-w-0 flex-1 truncate font-mono" title={`${new Date(e.at).toLocaleString()}\n${e.text}`}>
              {e.text}
            </span>
            <button type="button" data-testid="history-resend" className="btn px-1" disabled={!canSend} onClick={() => onResend(e.text)}>
              Resend
            </button>
            <button type="button" data-testid="history-edit" className="btn px-1" onClick={() => onEdit(e.text)}>
              Edit
            </button>
            <button
              type="button"
              data-testid="history-save"
              className="btn px-1"
              title="save as snippet"
              onClick={() => composerHistory.saveSnippet(snippetName(e.text, snippets), e.text)}
            >
              ★
            </button>
            {asCall(e.text) !== null && <SaveToCollection testId="history-save-collection" call={() => asCall(e.text)} />}
          </li>
        ))}
      </ul>
    </div>
  );
}
