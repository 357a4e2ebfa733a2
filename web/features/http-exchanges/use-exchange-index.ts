// The exchange index of one session, kept beside its log and brought up to date whenever the log's version moves.
import { useSessionLog } from '../../lib/relay/relay-context.js';
import type { SessionLog } from '../../lib/log/session-log.js';
import { ExchangeIndex } from './exchange-index.js';

// Keyed on the log object, so a reset log (a different object) gets a fresh index and an old one can be collected.
const indexes = new WeakMap<SessionLog, ExchangeIndex>();

export function exchangeIndexOf(log: SessionLog): ExchangeIndex {
  let index = indexes.get(log);
  if (!index) indexes.set(log, (index = new ExchangeIndex()));
  index.update(log.entries);
  return index;
}

/** The index plus the log it reads; re-renders when the session's frames change, like `useSessionLog`. */
export function useExchangeIndex(sessionId: string): { log: SessionLog | null; index: ExchangeIndex | null; version: number } {
  const { log, version } = useSessionLog(sessionId);
  const index = log ? exchangeIndexOf(log) : null;
  return { log, index, version };
}
