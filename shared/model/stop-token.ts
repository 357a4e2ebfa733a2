// The chat loop's Stop: one token per conversation that the CLI's Ctrl-C and the Chat tab's Stop button both fire.
import { Listeners } from '../listeners.js';
import type { StopToken } from './chat-types.js';

export interface FiringStopToken extends StopToken {
  /** Stops once: every `onStop` listener runs; later calls return false and run nothing. */
  fire(): boolean;
}

export function stopToken(): FiringStopToken {
  const listeners = new Listeners();
  let stopped = false;
  return {
    get stopped() {
      return stopped;
    },
    onStop(fn) {
      // A listener added after the stop would never hear it: run it now instead.
      if (stopped) {
        fn();
        return () => {};
      }
      return listeners.add(fn);
    },
    fire() {
      if (stopped) return false;
      stopped = true;
      listeners.emit();
      return true;
    },
  };
}
