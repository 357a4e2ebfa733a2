// A session's numbers: frames by direction and kind, bytes, duration, what was negotiated, and its lint findings.
import type { HistoryEntry } from '../../../shared/archive-api.js';
import { useSessionStats } from '../../api/use-history.js';
import { formatLatency, formatSize } from '../../lib/ui/format.js';

const name = (info: unknown) => (info && typeof info === 'object' && 'name' in info ? String((info as { name: unknown }).name) : '?');

export function SessionStatsView({ session }: { session: HistoryEntry }) {
  const stats = useSessionStats(session.id, session.lastSeq, true);
  if (stats.isPending) return <p className="w-full text-dim">counting…</p>;
  if (stats.error) return <p className="w-full text-red-300">{stats.error.message}</p>;
  const s = stats.data;
  const kinds = Object.entries(s.byKind)
    .map(([k, n]) => `${k} ${n}`)
    .join(' · ');
  const n = s.negotiated;
  return (
    <dl className="grid w-full grid-cols-[max-content_1fr] gap-x-3 font-mono text-[11px]" data-testid="session-stats">
      <dt className="text-dim">frames</dt>
      <dd>{`${s.frames} (${s.byDir.out ?? 0} sent, ${s.byDir.in ?? 0} received, ${s.byDir.relay ?? 0} relay) · ${formatSize(s.bytes)}`}</dd>
      <dt className="text-dim">kinds</dt>
      <dd>{kinds}</dd>
      <dt className="text-dim">requests</dt>
      <dd>{`${s.clientRequests} sent, ${s.errorResponses} error responses`}</dd>
      <dt className="text-dim">duration</dt>
      <dd>{s.durationMs === null ? '–' : formatLatency(s.durationMs)}</dd>
      <dt className="text-dim">negotiated</dt>
      <dd>
        {n.via === null ? 'no handshake recorded' : `${n.via}: asked ${n.requestedVersion ?? '?'}, got ${n.protocolVersion ?? '?'} from ${name(n.serverInfo)}`}
      </dd>
      <dt className="text-dim">findings</dt>
      <dd data-testid="session-stats-findings">
        {s.findings
          ? `${s.findingsTruncated ? 'at least ' : ''}${s.findings.total} (${s.findings.error} error, ${s.findings.warning} warning, ${s.findings.info} info)`
          : s.findingsNote}
        {s.findings && s.findingsTruncated && (
          <span className="ml-1 text-amber-200" data-testid="session-stats-truncated" title="linting stops at the cap so the stats stay quick">
            {`· truncated: ${s.findingsNote}`}
          </span>
        )}
      </dd>
    </dl>
  );
}
