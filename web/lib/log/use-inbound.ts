// The frames a server sent with a given method (a notification or a request), read incrementally from the session's log.
import { useMemo } from 'react';
import type { FrameEntry } from './frame-entry.js';
import { useSessionLog } from '../relay/relay-context.js';
import type { SessionLog } from './session-log.js';

interface Scan {
  scanned: number;
  found: FrameEntry[];
}

const scans = new WeakMap<SessionLog, Map<string, Scan>>();

/** Every incoming single-message frame whose method is `method`, in seq order. */
export function inboundFrames(log: SessionLog, method: string): readonly FrameEntry[] {
  let perLog = scans.get(log);
  if (!perLog) scans.set(log, (perLog = new Map()));
  let scan = perLog.get(method);
  if (!scan) perLog.set(method, (scan = { scanned: 0, found: [] }));
  const entries = log.entries;
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
  const { log, version } = useSessionLog(sessionId);
  return useMemo(() => (log ? inboundFrames(log, method) : []), [log, version, method]);
}

/** The seq of the latest such frame, or 0: enough to know "something changed since I last looked". */
export function useLatestInboundSeq(sessionId: string | null, method: string): number {
  return useInbound(sessionId, method).at(-1)?.frame.seq ?? 0;
}
