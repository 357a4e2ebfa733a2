// The tool calls still running, with their latest progress and a way to cancel each: kept outside React so a call
// keeps its progress while the user looks at another tool or tab, and the panel shows it again on return.
import { useSyncExternalStore } from 'react';
import { Listeners } from '../../../shared/listeners.js';

interface CallProgress {
  progress: number | null;
  total: number | null;
  message: string | null;
  /** How many notifications/progress arrived for the call. */
  count: number;
}

export interface RunningCall {
  id: number;
  /** performance.now() when the request went out, for the elapsed time. */
  startedAt: number;
  progress: CallProgress | null;
  cancel: (reason?: string) => Promise<boolean>;
}

const calls = new Map<string, RunningCall>();
const listeners = new Listeners();

function emit(): void {
  listeners.emit();
}

/** The running-call key: one per session, server process and tool, like the call's outcome in the mutation cache. */
export function runKey(parts: readonly unknown[]): string {
  return JSON.stringify(parts);
}

export const runningCalls = {
  start(key: string, call: Omit<RunningCall, 'progress'>): void {
    calls.set(key, { ...call, progress: null });
    emit();
  },
  progress(key: string, id: number, params: Record<string, unknown>): void {
    const call = calls.get(key);
    // A progress notification that straggles in after a newer call started must not be shown on it.
    if (call?.id !== id) return;
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    const count = (call.progress?.count ?? 0) + 1;
    calls.set(key, {
      ...call,
      progress: { progress: num(params.progress), total: num(params.total), message: typeof params.message === 'string' ? params.message : null, count },
    });
    emit();
  },
  end(key: string, id: number): void {
    if (calls.get(key)?.id !== id) return;
    calls.delete(key);
    emit();
  },
  get(key: string): RunningCall | undefined {
    return calls.get(key);
  },
};

const subscribe = listeners.add;

export function useRunningCall(key: string): RunningCall | undefined {
  return useSyncExternalStore(subscribe, () => calls.get(key));
}
