// Runs fault presets one at a time through a probe, grades each with the shared verdict functions and keeps the results.
import { useCallback, useRef, useState } from 'react';
import { gradeFault, isSettled, type FaultPayload, type FaultPreset, type FaultRunRecord } from '../../../shared/fault-lab/index.js';
import { useRelay } from '../../lib/relay-context.js';
import { SendError } from '../../lib/relay-socket.js';
import { sendProbe } from '../../lib/send-probe.js';

export interface FaultRun extends FaultRunRecord {
  /** The sent frame's seq, so the table can show it in the log. */
  sentSeq: number | null;
}

export function useFaultRunner(sessionId: string, waitMs: number, protocolVersion: string, overHttp: boolean) {
  const client = useRelay();
  const [runs, setRuns] = useState<FaultRun[]>([]);
  const [running, setRunning] = useState<string | null>(null);
  // Probes run strictly one after another: replies from two faults in flight could not be told apart.
  const queue = useRef<Promise<void>>(Promise.resolve());

  const runOne = useCallback(
    async (preset: FaultPreset, payload?: FaultPayload): Promise<void> => {
      const engine = client.engines.get(sessionId);
      // Taken, not peeked: a payload the engine cannot parse (invalid JSON) would otherwise leave its id free for reuse.
      const toSend = payload ?? preset.build({ id: engine.takeId(), protocolVersion });
      setRunning(preset.id);
      let run: FaultRun;
      try {
        const probe = await sendProbe(client, sessionId, toSend, { waitMs, settled: (replies, text) => isSettled(preset.expect, text, replies) });
        const verdict = gradeFault(preset.expect, probe.sentText, probe.replies, { splitReplies: overHttp });
        if (probe.exited) verdict.explanation += ' The server exited during the wait.';
        run = { presetId: preset.id, title: preset.title, spec: preset.spec, sent: probe.sentText, verdict, firstReply: probe.replies[0]?.text ?? null, waitedMs: probe.waitedMs, sentSeq: probe.sentSeq };
      } catch (err) {
        const why = err instanceof SendError ? `${err.code}: ${err.message}` : String(err);
        run = { presetId: preset.id, title: preset.title, spec: preset.spec, sent: '', verdict: { outcome: 'no-reply', explanation: `Not sent (made locally, not by the server): ${why}` }, firstReply: null, waitedMs: 0, sentSeq: null };
      }
      setRuns((prev) => [...prev.filter((r) => r.presetId !== preset.id), run]);
      setRunning(null);
    },
    [client, sessionId, waitMs, protocolVersion, overHttp],
  );

  const run = useCallback(
    (preset: FaultPreset, payload?: FaultPayload): Promise<void> => {
      const next = queue.current.then(() => runOne(preset, payload));
      queue.current = next.catch(() => undefined);
      return next;
    },
    [runOne],
  );

  const clear = useCallback(() => setRuns([]), []);
  return { runs, running, run, clear };
}
