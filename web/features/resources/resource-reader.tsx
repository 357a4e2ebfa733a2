// The selected URI: read on selection, read again on demand, subscribe/unsubscribe, and a mark when it changed since.
import { useResourceRead } from '../../api/use-resource-read.js';
import type { McpSessionState } from '../../api/use-mcp-session.js';
import { AwaitingAnswer } from '../../components/awaiting-answer.js';
import { CallError } from '../../components/call-error.js';
import { LogLink } from '../../components/log-link.js';
import { ResourceContents } from '../../components/resource-contents.js';
import { usePendingSince } from '../../lib/ui/use-pending-since.js';
import { useReveal } from '../../lib/ui/use-reveal.js';
import type { UpdateInfo } from './resource-updates.js';

interface Props {
  sessionId: string;
  mcp: McpSessionState;
  uri: string;
  update: UpdateInfo | undefined;
  subscription: { subscribed: boolean; pending: boolean; supported: boolean; toggle: () => void };
  onSelect: (seq: number) => void;
}

export function ResourceReader({ sessionId, mcp, uri, update, subscription, onSelect }: Props) {
  const read = useResourceRead(sessionId, mcp, uri);
  const stale = read.data !== undefined && update !== undefined && update.lastSeq > read.data.askedAfterSeq;
  // Each read's answer (or error) is brought into sight, below a template's form if one is open.
  const answer = useReveal<HTMLDivElement>(`${uri}:${read.dataUpdatedAt}:${read.errorUpdatedAt}`);
  const since = usePendingSince(read.isFetching);
  const contents = Array.isArray(read.data?.result.contents) ? (read.data.result.contents as unknown[]) : null;
  return (
    <div ref={answer} data-testid="resource-reader" data-uri={uri} className="space-y-2 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 truncate font-semibold">{uri}</code>
        <button type="button" data-testid="resource-read-again" className="btn" disabled={!mcp.live || read.isFetching} onClick={() => void read.refetch()}>
          Read again
        </button>
        <button
          type="button"
          data-testid="resource-subscribe"
          aria-pressed={subscription.subscribed}
          className={`btn ${subscription.subscribed ? 'btn-primary' : ''}`}
          disabled={!mcp.live || subscription.pending}
          onClick={subscription.toggle}
          title={subscription.supported ? undefined : 'the server did not declare resources.subscribe; sending it anyway shows what it does'}
        >
          {subscription.subscribed ? 'Unsubscribe' : 'Subscribe'}
        </button>
      </div>
      {stale && (
        <p data-testid="resource-stale" className="rounded bg-amber-900/50 px-2 py-0.5 text-amber-100">
          The server said this resource changed after this read ({update.count} update{update.count === 1 ? '' : 's'} so far). Read again to see it.
        </p>
      )}
      {read.isFetching && <p className="text-dim">Reading…</p>}
      {since !== null && <AwaitingAnswer sessionId={sessionId} since={since} />}
      {read.error && <CallError error={read.error} />}
      {read.data && <LogLink sessionId={sessionId} id={read.data.id} onSelect={onSelect} />}
      {contents === null && read.data && <p className="text-amber-300">The result has no contents array.</p>}
      {contents?.map((c, i) => (
        <ResourceContents key={i} contents={c} />
      ))}
    </div>
  );
}
