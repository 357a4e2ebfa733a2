// What V8 keeps after a flood, given back: the relay's young generation held at its starting size, and one full
// collection once a flood is over (so the memory of the batches' pooled blocks, let go, is freed).
// Why each (docs/performance.md, "Memory after a flood, second round"):
// - V8 doubles the young generation (1 → 16 MB a semi-space, two semi-spaces) whenever objects survive a scavenge, and
//   never gives it back while the process is idle. --semi-space-growth-factor is read each time it would grow, so
//   setting it at run time holds at once (--max-semi-space-size is read only when the heap is made: from the process's
//   own code it changes nothing). A worker thread's start puts V8's flags back as the command line had them, so the
//   setting is made again once each of the relay's threads is online.
// - An idle process runs no collection, so memory let go after a flood (the pooled blocks, shared with the writer
//   thread) stays resident until traffic comes back; one collection in each isolate frees it at once.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Worker } from 'node:worker_threads';

let small = false;

/** Call before the relay's heavy allocation; it holds for every isolate of the process, worker threads' included. */
export function keepYoungGenerationSmall(): void {
  small = true;
  setFlagsFromString('--semi-space-growth-factor=1');
}

/** A thread just started resets V8's flags: set again once it is online (nothing unless the relay asked for it). */
export function keepSmallAfterStart(w: Worker): void {
  if (small) w.once('online', () => setFlagsFromString('--semi-space-growth-factor=1'));
}

/** The collector, once found; null when this runtime would not hand it over (then nothing is collected early). */
let gc: (() => void) | null | undefined;

/**
 * A full collection of this thread's heap, now. Node has no API for one; the V8 flag that exposes `gc` takes effect
 * in contexts made after it is set, so a fresh context hands the function over (this thread's heap is what it collects).
 * A runtime where that fails (another Node, other V8 flags) keeps its memory until traffic comes back: never an error
 * on the writer's thread.
 */
export function collectGarbage(): void {
  if (gc === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const found: unknown = runInNewContext('typeof gc === "function" ? gc : null');
      gc = typeof found === 'function' ? (found as () => void) : null;
    } catch {
      gc = null;
    }
  }
  gc?.();
}
