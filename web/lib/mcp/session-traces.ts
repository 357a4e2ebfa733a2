// Which sessions this tab traces: their engine's own requests carry W3C trace context (one trace per session, a span
// per request, baggage naming the session), and the relay records each switch as the provenance of those keys.
import { useSyncExternalStore } from 'react';
import { Listeners } from '../../../shared/listeners.js';
import type { ClientEngine } from '../../../shared/engine/index.js';
import { TraceContextSource } from '../../../shared/trace/trace-ids.js';
import type { RelaySocket } from '../relay/relay-socket.js';

const traced = new Map<string, TraceContextSource>();
/** Sessions whose state was set once (by the user, or by --trace): --trace's default does not override a choice. */
const decided = new Set<string>();
const listeners = new Listeners();
let version = 0;

export function setTracing(sessionId: string, on: boolean, engine: ClientEngine, socket: RelaySocket): void {
  decided.add(sessionId);
  if (on === traced.has(sessionId)) return;
  const source = on ? new TraceContextSource(sessionId) : null;
  if (source) traced.set(sessionId, source);
  else traced.delete(sessionId);
  engine.setTraceContext(source);
  socket.traceContext(sessionId, source?.traceId ?? null);
  version++;
  listeners.emit();
}

export function tracingDecided(sessionId: string): boolean {
  return decided.has(sessionId);
}

/** The trace id the session's requests carry in this tab, or null when it is not traced. */
export function useTraceId(sessionId: string | null): string | null {
  useSyncExternalStore(listeners.add, () => version);
  return sessionId === null ? null : (traced.get(sessionId)?.traceId ?? null);
}
