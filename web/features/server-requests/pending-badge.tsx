// The count of server requests waiting for an answer, shown on the Server requests tab so they are seen from any tab.
import { usePendingServerRequests } from '../../lib/server-requests/use-server-requests.js';

export function PendingBadge({ sessionId }: { sessionId: string }) {
  const pending = usePendingServerRequests(sessionId);
  if (pending === 0) return null;
  return (
    <span data-testid="server-requests-badge" className="ml-1 rounded-full bg-amber-700 px-1.5 text-[10px] text-white">
      {pending}
    </span>
  );
}
