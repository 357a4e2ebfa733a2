// The seq of the request this page sent with a given id, so a panel's result can point at its frames in the log.
import type { LogSource } from './log-source.js';

export function outgoingRequestSeq(log: LogSource, id: number): number | null {
  const rpcId = JSON.stringify(id);
  const entries = log.held;
  // Newest first: the request was just sent, and an id is only reused across restarts.
  for (let i = entries.length - 1; i >= 0; i--) {
    const f = entries[i]!.frame;
    if (f.dir === 'out' && f.kind === 'request' && f.rpcId === rpcId) return f.seq;
  }
  return null;
}
