// Runs fault presets on a scratch connection (scratch-session.ts), one at a time, grades each with the shared verdict
// functions and keeps the results; the session under test is never sent a lab frame. Run all may spread the presets
// over several scratch connections side by side (lanes), each a contiguous slice of the list, one at a time on each.
import { useCallback, useRef, useState } from 'react';
import type { HistoryEntry } from '../../../shared/archive-api.js';
import { presetLanes, type FaultPayload, type FaultPreset } from '../../../shared/fault-lab/index.js';
import { useConfig } from '../../api/use-config.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { SendError } from '../../lib/relay/relay-socket.js';
import { probePreset, type FaultRun, type ProbeContext } from './probe-preset.js';
import { closeScratch, openScratch } from './scratch-session.js';

export type { FaultRun } from './probe-preset.js';

/** A scratch session of the latest run, as its link above the results needs it. */
export interface ScratchLink {
  id: string;
  name: string;
}

export interface RunnerContext extends ProbeContext {
  /** The session under test completed a handshake: the scratch connection performs one too. */
  handshaken: boolean;
}

/** Fresh scratch servers one lane may start after deaths; past that its other presets are not sent. */
const MAX_RESTARTS = 3;
/** How long the first preset on a scratch connection without a handshake waits (it stops early once answered). */
const STARTUP_MS = 10_000;

const why = (err: unknown) => (err instanceof SendError ? `${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err));

/** "demo · fault lab: 12 presets, invalid-json … bom" (at most 200 characters, the history's limit). */
function labName(base: string, presets: readonly string[]): string {
  const what = presets.length === 1 ? `preset ${presets[0]}` : `${presets.length} presets, ${presets[0]} … ${presets.at(-1)}`;
  const name = `${base}: ${what}`;
  return name.length <= 200 ? name : `${name.slice(0, 199)}…`;
}

function notSent(preset: FaultPreset, reason: string, sessionId: string | null): FaultRun {
  return {
    presetId: preset.id,
    title: preset.title,
    spec: preset.spec,
    sent: '',
    verdict: { outcome: 'no-reply', local: true, explanation: `Not sent (made locally, not by the server): ${reason}` },
    firstReply: null,
    waitedMs: 0,
    sentSeq: null,
    sessionId,
  };
}

export function useFaultRunner(sessionId: string, ctx: RunnerContext) {
  const client = useRelay();
  const clientVersion = useConfig().data?.version ?? '0.0.0';
  const [runs, setRuns] = useState<FaultRun[]>([]);
  /** The preset each lane is sending now (null: that lane is done). */
  const [laneRunning, setLaneRunning] = useState<readonly (string | null)[]>([]);
  /** The scratch session of each lane of the latest run, for the links above the results. */
  const [laneScratch, setLaneScratch] = useState<readonly (ScratchLink | undefined)[]>([]);
  // On one connection, runs go strictly one after another: replies from two faults in flight could not be told apart.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const { waitMs, protocolVersion, negotiated, overHttp, handshaken } = ctx;

  /**
   * One lane: a scratch connection of its own, its presets one after another, then it is stopped. A preset that kills
   * the server is graded "died" and the lane goes on with a fresh scratch connection (at most MAX_RESTARTS).
   */
  const runLane = useCallback(
    async (lane: number, list: readonly { preset: FaultPreset; payload?: FaultPayload }[], record: (run: FaultRun) => void): Promise<void> => {
      const show = (id: string | null) => setLaneRunning((prev) => prev.map((x, i) => (i === lane ? id : x)));
      /** Why the last scratch connection could not be opened (or why no more are). */
      let failedOpen = '';
      const open = async (): Promise<HistoryEntry | null> => {
        try {
          const entry = await openScratch(client, sessionId, { handshake: handshaken, clientVersion });
          setLaneScratch((prev) =>
            Array.from({ length: Math.max(prev.length, lane + 1) }, (_, i) => (i === lane ? { id: entry.id, name: entry.name } : prev[i])),
          );
          return entry;
        } catch (err) {
          failedOpen = why(err);
          return null;
        }
      };
      let lab = await open();
      let restarts = 0;
      /** The next preset is the first on its scratch server (the first of the run, or the first after a restart). */
      let first = true;
      try {
        for (const [i, { preset, payload }] of list.entries()) {
          if (lab === null) {
            record(
              notSent(
                preset,
                restarts === 0 ? `the scratch connection did not open (${failedOpen})` : `the server could not be started again after it died (${failedOpen})`,
                null,
              ),
            );
            continue;
          }
          show(preset.id);
          // Without a handshake nothing showed the new server is up: its first reply may wait for it to start.
          const wait = first && !handshaken ? Math.max(waitMs, STARTUP_MS) : waitMs;
          first = false;
          let run: FaultRun;
          try {
            run = { ...(await probePreset(client, lab.id, preset, payload, { waitMs: wait, protocolVersion, negotiated, overHttp })), sessionId: lab.id };
          } catch (err) {
            run = notSent(preset, why(err), lab.id);
          }
          record(run);
          // A server that died on a preset is that preset's verdict; the rest go to a fresh scratch server.
          if (run.verdict.outcome !== 'died' || i === list.length - 1) continue;
          await closeScratch(client, lab.id);
          lab = restarts < MAX_RESTARTS ? await open() : null;
          first = true;
          if (lab === null && restarts >= MAX_RESTARTS) failedOpen = `it died ${restarts + 1} times in this run`;
          restarts++;
        }
      } finally {
        if (lab !== null) {
          await closeScratch(client, lab.id);
          // Named by what it did, not only by what made it: the history lists it under the session it was run for.
          const done = lab;
          void client.http
            .call('patchSession', {
              params: { id: done.id },
              body: {
                name: labName(
                  done.name,
                  list.map(({ preset }) => preset.id),
                ),
              },
            })
            .catch(() => undefined);
        }
        show(null);
      }
    },
    [client, sessionId, clientVersion, handshaken, waitMs, protocolVersion, negotiated, overHttp],
  );

  /**
   * The list in `lanes` contiguous slices, side by side. Its results go after the others, in the list's order as they
   * come (lanes finish out of order); a preset sent again replaces its earlier result.
   */
  const runList = useCallback(
    async (list: readonly { preset: FaultPreset; payload?: FaultPayload }[], lanes: number): Promise<void> => {
      const slices = presetLanes(list, lanes);
      if (slices.length === 0) return;
      const order = new Map(list.map(({ preset }, i) => [preset.id, i]));
      const record = (run: FaultRun) =>
        setRuns((prev) => {
          const rest = prev.filter((r) => r.presetId !== run.presetId);
          const listed = [...rest.filter((r) => order.has(r.presetId)), run].sort((a, b) => order.get(a.presetId)! - order.get(b.presetId)!);
          return [...rest.filter((r) => !order.has(r.presetId)), ...listed];
        });
      setLaneScratch([]);
      setLaneRunning(slices.map((slice) => slice[0]!.preset.id));
      try {
        await Promise.all(slices.map((slice, lane) => runLane(lane, slice, record)));
      } finally {
        setLaneRunning([]);
      }
    },
    [runLane],
  );

  const enqueue = useCallback(
    (list: readonly { preset: FaultPreset; payload?: FaultPayload }[], lanes = 1): Promise<void> => {
      const next = queue.current.then(() => runList(list, lanes));
      queue.current = next.catch(() => undefined);
      return next;
    },
    [runList],
  );
  const run = useCallback((preset: FaultPreset, payload?: FaultPayload) => enqueue([{ preset, payload }]), [enqueue]);
  const runAll = useCallback(
    (presets: readonly FaultPreset[], lanes = 1) =>
      enqueue(
        presets.map((preset) => ({ preset })),
        lanes,
      ),
    [enqueue],
  );

  const clear = useCallback(() => setRuns([]), []);
  /** Puts back what was saved for this session (after a reload), before anything ran here. */
  const restore = useCallback((saved: { runs: readonly FaultRun[]; scratches: readonly ScratchLink[] }) => {
    setRuns([...saved.runs]);
    setLaneScratch([...saved.scratches]);
  }, []);
  const running = laneRunning.filter((id): id is string => id !== null);
  const scratches = laneScratch.filter((entry): entry is ScratchLink => entry !== undefined);
  return { runs, running, scratches, run, runAll, clear, restore };
}
