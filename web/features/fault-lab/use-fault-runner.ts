// Runs fault presets on a scratch connection (scratch-session.ts), one at a time, grades each with the shared verdict
// functions and keeps the results; the session under test is never sent a lab frame.
import { useCallback, useRef, useState } from 'react';
import type { HistoryEntry } from '../../../shared/archive-api.js';
import type { FaultPayload, FaultPreset } from '../../../shared/fault-lab/index.js';
import { useConfig } from '../../api/use-config.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { SendError } from '../../lib/relay/relay-socket.js';
import { probePreset, type FaultRun, type ProbeContext } from './probe-preset.js';
import { closeScratch, openScratch } from './scratch-session.js';

export type { FaultRun } from './probe-preset.js';

export interface RunnerContext extends ProbeContext {
  /** The session under test completed a handshake: the scratch connection performs one too. */
  handshaken: boolean;
}

/** How long the first preset on a scratch connection without a handshake waits (it stops early once answered). */
const STARTUP_MS = 10_000;

const why = (err: unknown) => (err instanceof SendError ? `${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err));

function notSent(preset: FaultPreset, reason: string, sessionId: string | null): FaultRun {
  return { presetId: preset.id, title: preset.title, spec: preset.spec, sent: '', verdict: { outcome: 'no-reply', explanation: `Not sent (made locally, not by the server): ${reason}` }, firstReply: null, waitedMs: 0, sentSeq: null, sessionId };
}

export function useFaultRunner(sessionId: string, ctx: RunnerContext) {
  const client = useRelay();
  const clientVersion = useConfig().data?.version ?? '0.0.0';
  const [runs, setRuns] = useState<FaultRun[]>([]);
  const [running, setRunning] = useState<string | null>(null);
  /** The scratch session of the latest run, for the link above the results. */
  const [scratch, setScratch] = useState<HistoryEntry | null>(null);
  // Runs go strictly one after another: replies from two faults in flight could not be told apart.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const { waitMs, protocolVersion, negotiated, overHttp, handshaken } = ctx;

  const runList = useCallback(
    async (list: readonly { preset: FaultPreset; payload?: FaultPayload }[]): Promise<void> => {
      if (list.length === 0) return;
      const record = (run: FaultRun) => setRuns((prev) => [...prev.filter((r) => r.presetId !== run.presetId), run]);
      setRunning(list[0]!.preset.id);
      let lab: HistoryEntry;
      try {
        lab = await openScratch(client, sessionId, { handshake: handshaken, clientVersion });
      } catch (err) {
        for (const { preset } of list) record(notSent(preset, `the scratch connection did not open (${why(err)})`, null));
        setRunning(null);
        return;
      }
      setScratch(lab);
      try {
        for (const [i, { preset, payload }] of list.entries()) {
          setRunning(preset.id);
          // Without a handshake nothing showed the new server is up: its first reply may wait for it to start.
          const wait = i === 0 && !handshaken ? Math.max(waitMs, STARTUP_MS) : waitMs;
          try {
            record({ ...(await probePreset(client, lab.id, preset, payload, { waitMs: wait, protocolVersion, negotiated, overHttp })), sessionId: lab.id });
          } catch (err) {
            record(notSent(preset, why(err), lab.id));
          }
        }
      } finally {
        await closeScratch(client, lab.id);
        setRunning(null);
      }
    },
    [client, sessionId, clientVersion, handshaken, waitMs, protocolVersion, negotiated, overHttp],
  );

  const enqueue = useCallback(
    (list: readonly { preset: FaultPreset; payload?: FaultPayload }[]): Promise<void> => {
      const next = queue.current.then(() => runList(list));
      queue.current = next.catch(() => undefined);
      return next;
    },
    [runList],
  );
  const run = useCallback((preset: FaultPreset, payload?: FaultPayload) => enqueue([{ preset, payload }]), [enqueue]);
  const runAll = useCallback((presets: readonly FaultPreset[]) => enqueue(presets.map((preset) => ({ preset }))), [enqueue]);

  const clear = useCallback(() => setRuns([]), []);
  return { runs, running, scratch, run, runAll, clear };
}
