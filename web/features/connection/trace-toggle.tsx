// The connection bar's trace switch: the page's own requests in this session carry a W3C traceparent and baggage
// (docs/traces.md). Off unless turned on here or by `mcpscope --trace`.
import { useEffect } from 'react';
import { useConfig } from '../../api/use-config.js';
import { setTracing, tracingDecided, useTraceId } from '../../lib/mcp/session-traces.js';
import { useRelay } from '../../lib/relay/relay-context.js';

export function TraceToggle({ sessionId, live }: { sessionId: string | null; live: boolean }) {
  const { engines, socket } = useRelay();
  const config = useConfig();
  const traceId = useTraceId(sessionId);
  const wanted = config.data?.trace === true;
  useEffect(() => {
    if (wanted && sessionId !== null && live && !tracingDecided(sessionId)) setTracing(sessionId, true, engines.get(sessionId), socket);
  }, [wanted, sessionId, live, engines, socket]);
  return (
    <label
      className="flex items-center gap-1 text-dim"
      title={
        traceId
          ? `requests carry traceparent 00-${traceId}-<span>-01 and baggage mcpscope.session=…`
          : "add a W3C traceparent and baggage to this session's own requests (off by default)"
      }
    >
      <input
        type="checkbox"
        aria-label="trace: W3C trace context on this session's own requests"
        data-testid="trace-checkbox"
        data-trace-id={traceId ?? ''}
        disabled={sessionId === null || !live}
        checked={traceId !== null}
        onChange={(e) => sessionId !== null && setTracing(sessionId, e.target.checked, engines.get(sessionId), socket)}
      />
      {/* The bar must fit 1024 px: the word shows from 1280 px, the checkbox keeps its label for screen readers. */}
      <span className="hidden xl:inline">trace</span>
    </label>
  );
}
