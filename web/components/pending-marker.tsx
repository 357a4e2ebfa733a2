// The clock on a log row whose request has waited past the pending threshold: "⏱ waiting 42 s", gone as soon as
// the answer comes (or the server exits, which turns it into an unanswered-request finding). The linter decides
// what is pending, so a cancelled request loses its clock too.
import type { FrameEntry } from '../lib/log/frame-entry.js';
import { useRelay } from '../lib/relay/relay-context.js';
import { formatWaiting, useNow, usePendingThreshold } from '../lib/ui/pending-clock.js';

/** `answered`: the frame has a pair (its links), which settles a single request without asking the linter. */
export function PendingMarker({ entry, answered }: { entry: FrameEntry; answered: boolean }) {
  const kind = entry.frame.kind;
  // Only calls can wait; every other row renders nothing and subscribes to no clock. Nor does a single request that
  // has its response (the common case, settled without asking the linter): the one-second clock re-renders every row
  // that listens, so an answered request listening would keep the page committing once a second for as long as it is
  // open, for nothing on screen.
  if (kind !== 'request' && kind !== 'batch') return null;
  if (kind === 'request' && answered) return null;
  return <PendingClock entry={entry} />;
}

// A batch's pairs do not say whether each of its calls is answered: the linter does.
function PendingClock({ entry }: { entry: FrameEntry }) {
  const now = useNow();
  const afterMs = usePendingThreshold();
  const { store } = useRelay();
  const pending = store
    .sourceOf(entry)
    ?.pendingAt(now, afterMs)
    .find((f) => f.seq === entry.frame.seq);
  if (!pending) return null;
  const waited = Math.max(0, now - entry.frame.ts);
  return (
    <span
      data-testid="pending-marker"
      data-waiting-ms={Math.round(waited)}
      title={pending.message}
      className="shrink-0 rounded bg-sky-900 px-1 text-[10px] leading-4 text-sky-100 not-italic"
    >
      <span aria-hidden>⏱</span> waiting {formatWaiting(waited)}
    </span>
  );
}
