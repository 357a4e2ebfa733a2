// The selected frame and the other side of its exchanges for the detail pane, read from the session's log (which
// reads a frame from the relay when the page does not have it).
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import type { LogSource } from '../../lib/log/log-source.js';
import { useLog, useLogFrame } from '../../lib/log/use-log.js';

export function useFrameEntry(sessionId: string, seq: number): { log: LogSource | null; entry: FrameEntry | undefined; pairs: FrameEntry[] } {
  const view = useLog(sessionId);
  const { entry, pairs } = useLogFrame(view, seq);
  return { log: view?.source ?? null, entry, pairs };
}
