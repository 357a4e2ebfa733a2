// Sends ping through the client engine and shows its round-trip time; like every panel action, the exchange is in the log.
import { useMutation } from '@tanstack/react-query';
import { CallError } from '../../components/call-error.js';
import { LogLink } from '../../components/log-link.js';
import { formatLatency } from '../../lib/ui/format.js';
import { mcpCall } from '../../lib/mcp/mcp-call.js';
import { useRelay } from '../../lib/relay/relay-context.js';

export function PingButton({ sessionId, live, modern, onSelect }: { sessionId: string; live: boolean; modern: boolean; onSelect: (seq: number) => void }) {
  const { engines } = useRelay();
  const ping = useMutation({ mutationFn: () => mcpCall(engines.get(sessionId), 'ping') });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" data-testid="ping" className="btn" disabled={!live || ping.isPending} onClick={() => ping.mutate()}>
        Ping
      </button>
      {ping.isPending && <span className="text-dim">waiting…</span>}
      {ping.data && (
        <span data-testid="ping-rtt" className="font-mono">
          round trip {formatLatency(ping.data.rttMs)} <LogLink sessionId={sessionId} id={ping.data.id} onSelect={onSelect} />
        </span>
      )}
      {modern && <span className="text-amber-300">2026-07-28 removed ping: sending it shows how the server treats a method it no longer has.</span>}
      {ping.error && <CallError error={ping.error} />}
    </div>
  );
}
