// The exchange index of one session, kept beside its log and brought up to date whenever the log's version moves.
import type { FrameEntry } from '../log/frame-entry.js';
import type { LogSource } from '../log/log-source.js';
import { useLog } from '../log/use-log.js';
import { ExchangeIndex } from './exchange-index.js';

// Keyed on the log's held frames, so a reset log (a different list) gets a fresh index and an old one can be collected.
const indexes = new WeakMap<readonly FrameEntry[], ExchangeIndex>();

export function exchangeIndexOf(log: LogSource): ExchangeIndex {
  let index = indexes.get(log.held);
  if (!index) indexes.set(log.held, (index = new ExchangeIndex()));
  index.update(log.held);
  return index;
}

/** The index plus the log it reads; re-renders when the session's frames change, like `useLog`. */
export function useExchangeIndex(sessionId: string): { log: LogSource | null; index: ExchangeIndex | null; version: number } {
  const view = useLog(sessionId);
  const log = view?.source ?? null;
  const index = log ? exchangeIndexOf(log) : null;
  return { log, index, version: view?.version ?? -1 };
}
