// The selected frame and its pairs for the detail pane: from the page's log, or read from the relay when the session
// is windowed and the frame (or the other side of its exchange) is not held.
import { useEffect } from 'react';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { windowEntry } from '../../lib/log/frame-window.js';
import { useRelay, useSessionLog } from '../../lib/relay/relay-context.js';
import type { SessionLog } from '../../lib/log/session-log.js';

export function useFrameEntry(sessionId: string, seq: number): { log: SessionLog | null; entry: FrameEntry | undefined; pairs: FrameEntry[] } {
  const { http, store } = useRelay();
  const { log } = useSessionLog(sessionId);
  const entry = log?.bySeq(seq);
  const missing = log?.windowed ? [...(entry ? [] : [seq]), ...(entry?.pairs ?? []).filter((s) => !log.bySeq(s))] : [];
  const missingKey = missing.join(',');
  useEffect(() => {
    if (missingKey === '') return;
    let live = true;
    Promise.all(missingKey.split(',').map((s) => http.call('framePreview', { params: { id: sessionId, seq: s } })))
      .then((list) => live && store.remember(sessionId, list.map(windowEntry)))
      // A frame that cannot be read stays "not loaded"; the pane says so.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [missingKey, sessionId, http, store]);
  const pairs = entry ? entry.pairs.flatMap((s) => log?.bySeq(s) ?? []) : [];
  return { log, entry, pairs };
}
