// "Show this trace in the log": the detail pane names a trace id, the log panel of that session sets its trace filter.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Listeners } from '../../../shared/listeners.js';

interface TraceIntent {
  serial: number;
  sessionId: string;
  traceId: string;
}

let pending: TraceIntent | null = null;
let serial = 0;
const listeners = new Listeners();

export function publishTraceFilter(sessionId: string, traceId: string): void {
  pending = { serial: ++serial, sessionId, traceId };
  listeners.emit();
}

/** Calls `apply` once per intent published for `sessionId`. */
export function useTraceFilterIntent(sessionId: string | null, apply: (traceId: string) => void): void {
  const intent = useSyncExternalStore(listeners.add, () => pending);
  const taken = useRef(0);
  useEffect(() => {
    if (!intent || intent.sessionId !== sessionId || intent.serial === taken.current) return;
    taken.current = intent.serial;
    apply(intent.traceId);
  }, [intent, sessionId, apply]);
}
