// What can be done with one session: open it in the inspector, export a bundle or a reproduction, replay it, see its
// numbers, or delete it (a second click confirms).
import { useState } from 'react';
import type { HistoryEntry } from '../../../shared/archive-api.js';
import { useDeleteSession } from '../../api/use-history.js';
import { ShareMenu } from '../../components/share-menu.js';
import { downloadBlob } from '../../lib/ui/download.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import type { Download } from '../../lib/relay/relay-http.js';
import { ReplayControls } from './replay-controls.js';
import { SessionStatsView } from './session-stats-view.js';

const REPROS: Array<{ kind: string; label: string; when: (t: HistoryEntry['target']['transport']) => boolean }> = [
  { kind: 'client-frames.jsonl', label: 'client frames (JSONL)', when: () => true },
  { kind: 'stdio.sh', label: 'shell script (stdio)', when: (t) => t === 'stdio' },
  { kind: 'curl.sh', label: 'curl script', when: (t) => t !== 'stdio' && t !== 'ws' },
  { kind: 'har.json', label: 'HAR', when: (t) => t !== 'stdio' && t !== 'ws' },
];

export function SessionActions({ session, onOpen }: { session: HistoryEntry; onOpen: (id: string) => void }) {
  const { http } = useRelay();
  const remove = useDeleteSession();
  const [confirming, setConfirming] = useState(false);
  const [showStats, setShowStats] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = (get: () => Promise<Download>) => {
    setError(null);
    get().then(
      (d) => downloadBlob(d.fileName, d.blob),
      (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
    );
  };
  return (
    <span className="ml-auto flex flex-wrap items-center gap-1.5">
      <button
        type="button"
        className="btn btn-primary"
        data-testid="session-open"
        onClick={() => onOpen(session.id)}
        title={session.live ? 'show it in the inspector' : 'show it in the inspector, read-only'}
      >
        Open
      </button>
      <button
        type="button"
        className="btn"
        data-testid="session-export"
        onClick={() => save(() => http.call('sessionBundle', { params: { id: session.id } }))}
        title="one JSON file: recipe, client frames, transcript, findings; secrets redacted"
      >
        Export bundle
      </button>
      <ShareMenu sessionId={session.id} testId="session-share" />
      <select
        className="control"
        data-testid="session-repro"
        aria-label="save a reproduction"
        value=""
        title="a standalone reproduction, secrets redacted"
        onChange={(e) => e.target.value && save(() => http.call('sessionRepro', { params: { id: session.id, kind: e.target.value } }))}
      >
        <option value="">Reproduction…</option>
        {REPROS.filter((r) => r.when(session.target.transport)).map((r) => (
          <option key={r.kind} value={r.kind}>
            {r.label}
          </option>
        ))}
      </select>
      <ReplayControls session={session} onOpen={onOpen} />
      <button type="button" className="btn" data-testid="session-stats-toggle" onClick={() => setShowStats((v) => !v)}>
        Stats
      </button>
      <button
        type="button"
        className={`btn ${confirming ? 'btn-warn' : ''}`}
        data-testid={confirming ? 'session-delete-confirm' : 'session-delete'}
        disabled={session.live || remove.isPending}
        title={session.live ? 'stop it first' : 'deletes the session and every frame it recorded'}
        onClick={() => (confirming ? remove.mutate(session.id, { onError: (e) => setError(e.message) }) : setConfirming(true))}
        onBlur={() => setConfirming(false)}
      >
        {confirming ? 'Really delete?' : 'Delete'}
      </button>
      {error && <span className="w-full text-red-300">{error}</span>}
      {showStats && <SessionStatsView session={session} />}
    </span>
  );
}
