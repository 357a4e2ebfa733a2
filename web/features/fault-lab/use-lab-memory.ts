// Keeps the fault lab across reloads: its results, its connection choices (wait, connections) and the last run's
// scratch sessions are saved to the relay's store for the session under test, and put back when the panel opens.
import { useEffect, useRef, useState } from 'react';
import { capText, type FaultLabState } from '../../../shared/panel-results.js';
import { useSavedFaultLab, useSaveFaultLab } from '../../api/use-saved-results.js';
import type { FaultRun, ScratchLink } from './use-fault-runner.js';

interface Shown {
  runs: readonly FaultRun[];
  scratches: readonly ScratchLink[];
  waitMs: number;
  lanes: number;
  /** A run is going: its results are saved once it ends, not preset by preset. */
  busy: boolean;
}

interface Restore {
  restore: (saved: { runs: readonly FaultRun[]; scratches: readonly ScratchLink[] }) => void;
  setWaitMs: (ms: number) => void;
  setLanes: (n: number) => void;
}

/** What is saved: long texts cut (a preset may send a megabyte; the whole text stays in the scratch session's log). */
function labState(s: Omit<Shown, 'busy'>): FaultLabState {
  return {
    runs: s.runs.map((r) => ({
      presetId: r.presetId,
      title: r.title,
      spec: r.spec,
      sent: capText(r.sent),
      verdict: { outcome: r.verdict.outcome, explanation: capText(r.verdict.explanation) },
      firstReply: r.firstReply === null ? null : capText(r.firstReply),
      waitedMs: r.waitedMs,
      sentSeq: r.sentSeq,
      sessionId: r.sessionId,
    })),
    waitMs: s.waitMs,
    lanes: s.lanes,
    scratches: s.scratches.map(({ id, name }) => ({ id, name })),
  };
}

/** Restores once the saved state is read, then saves every settled change (a short pause coalesces typing). */
export function useLabMemory(sessionId: string, shown: Shown, to: Restore): { restored: boolean; saveError: string | null } {
  const saved = useSavedFaultLab(sessionId);
  const save = useSaveFaultLab(sessionId);
  const [restored, setRestored] = useState(false);
  const lastSaved = useRef<string | null>(null);
  const { restore, setWaitMs, setLanes } = to;

  useEffect(() => {
    if (restored || (saved.data === undefined && !saved.isError)) return;
    const state = saved.data?.state ?? null;
    if (state) {
      restore({ runs: state.runs, scratches: state.scratches });
      setWaitMs(state.waitMs);
      setLanes(state.lanes);
      lastSaved.current = JSON.stringify(state);
    }
    setRestored(true);
  }, [restored, saved.data, saved.isError, restore, setWaitMs, setLanes]);

  const { runs, scratches, waitMs, lanes, busy } = shown;
  const { mutate } = save;
  useEffect(() => {
    if (!restored || busy) return;
    const state = labState({ runs, scratches, waitMs, lanes });
    const text = JSON.stringify(state);
    if (text === lastSaved.current) return;
    const timer = setTimeout(() => {
      lastSaved.current = text;
      mutate(state);
    }, 300);
    return () => clearTimeout(timer);
  }, [restored, busy, runs, scratches, waitMs, lanes, mutate]);

  return { restored, saveError: save.error ? save.error.message : null };
}
