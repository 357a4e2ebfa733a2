// Sends the built batch as one frame, waits (bounded) for its replies and turns them into the builder's outcome.
import { useCallback, useState } from 'react';
import { isSettled } from '../../../shared/fault-lab/index.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { SendError } from '../../lib/relay/relay-socket.js';
import { sendProbe } from '../../lib/mcp/send-probe.js';
import { batchOutcome, type BatchOutcome } from './batch-outcome.js';

export type BatchSendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; outcome: BatchOutcome } | { kind: 'failed'; message: string };

export function useBatchSend(sessionId: string, waitMs: number, version: string | null, overHttp: boolean) {
  const client = useRelay();
  const [state, setState] = useState<BatchSendState>({ kind: 'idle' });
  const send = useCallback(
    async (text: string) => {
      setState({ kind: 'sending' });
      try {
        const probe = await sendProbe(
          client,
          sessionId,
          { text },
          { waitMs, origin: 'batch', settled: (replies, sent, refused) => isSettled({ kind: 'batch' }, sent, replies, refused) },
        );
        const sentAt = client.store.source(sessionId).frame(probe.sentSeq)?.frame.ts ?? null;
        setState({ kind: 'done', outcome: batchOutcome(probe, sentAt, version, { splitReplies: overHttp }) });
      } catch (err) {
        const why = err instanceof SendError ? `${err.code}: ${err.message}` : String(err);
        setState({ kind: 'failed', message: `not sent (made locally, not by the server): ${why}` });
      }
    },
    [client, sessionId, waitMs, version, overHttp],
  );
  return { state, send };
}
