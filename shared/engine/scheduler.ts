// Timers and the clock, injectable: shared/ has no timer globals in its types, and tests drive time by hand.

/** Schedules `fn` after `ms` and returns a canceller. */
export type Scheduler = (fn: () => void, ms: number) => () => void;
/** Milliseconds since some fixed origin; only differences are used. */
export type Clock = () => number;

export const defaultSchedule: Scheduler = (fn, ms) => {
  const g = globalThis as unknown as {
    setTimeout(fn: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  };
  const handle = g.setTimeout(fn, ms);
  return () => g.clearTimeout(handle);
};

export const defaultClock: Clock = () => Date.now();
