// The frames a server sent with a given method (a notification or a request), read incrementally from the session's log.
import { useMemo } from 'react';
import type { FrameEntry } from './frame-entry.js';
import type { LogSource } from './log-source.js';
import { useLog } from './use-log.js';

interface Scan {
  scanned: number;
  found: FrameEntry[];
}

const scans = new WeakMap<readonly FrameEntry[], Map<string, Scan>>();

/** Every incoming single-message frame whose method is `method`, in seq order. */
function inboundFrames(log: LogSource, method: string): readonly FrameEntry[] {
  let perLog = scans.get(log.held);
  if (!perLog) scans.set(log.held, (perLog = new Map()));
  let scan = perLog.get(method);
  if (!scan) perLog.set(method, (scan = { scanned: 0, found: [] }));
  const entries = log.held;
  const added: FrameEntry[] = [];
  for (; scan.scanned < entries.length; scan.scanned++) {
    const e = entries[scan.scanned]!;
    if (e.frame.dir === 'in' && e.frame.method === method && e.frame.kind !== 'batch') added.push(e);
  }
  // A new array only when something was added (never mutating one already handed out), so React sees a change exactly then.
  if (added.length > 0) scan.found = [...scan.found, ...added];
  return scan.found;
}

export function useInbound(sessionId: string | null, method: string): readonly FrameEntry[] {
  const view = useLog(sessionId);
  return useMemo(() => (view ? inboundFrames(view.source, method) : []), [view, method]);
}

/** The seq of the latest such frame, or 0: enough to know "something changed since I last looked". */
export function useLatestInboundSeq(sessionId: string | null, method: string): number {
  return useInbound(sessionId, method).at(-1)?.frame.seq ?? 0;
}
