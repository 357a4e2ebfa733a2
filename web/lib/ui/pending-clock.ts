// The two inputs of the "pending too long" view: a shared one-second clock and the threshold the user set.
// Module-level stores read through useSyncExternalStore, so every marker ticks off one timer, not one each.
import { useSyncExternalStore } from 'react';
import { DEFAULT_SLOW_AFTER_MS } from '../../../shared/lint/index.js';
import { Listeners } from '../../../shared/listeners.js';

const STORAGE_KEY = 'mcpscope.pendingAfterMs';
const TICK_MS = 1_000;

const clockListeners = new Listeners();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribeClock(listener: () => void): () => void {
  const remove = clockListeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      clockListeners.emit();
    }, TICK_MS);
  }
  return () => {
    remove();
    // No marker on screen: no timer running.
    if (clockListeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** Epoch ms, updated once a second while anything listens (the same clock as the relay's frame `ts`). */
export function useNow(): number {
  return useSyncExternalStore(subscribeClock, () => now);
}

const thresholdListeners = new Listeners();

function readStored(): number {
  try {
    const v = Number(localStorage.getItem(STORAGE_KEY));
    return Number.isFinite(v) && v > 0 ? v : DEFAULT_SLOW_AFTER_MS;
  } catch {
    return DEFAULT_SLOW_AFTER_MS;
  }
}

let threshold = readStored();

export function setPendingThreshold(ms: number): void {
  if (!Number.isFinite(ms) || ms <= 0) return;
  threshold = ms;
  try {
    localStorage.setItem(STORAGE_KEY, String(ms));
  } catch {
    // Storage may be off (private mode); the setting then lasts for this page only.
  }
  thresholdListeners.emit();
}

/** How long a request may wait before it is marked pending too long (ms; 30 s unless the user changed it). */
export function usePendingThreshold(): number {
  return useSyncExternalStore(thresholdListeners.add, () => threshold);
}

/** "42 s", or "2 min 5 s" past a minute. */
export function formatWaiting(ms: number): string {
  const s = Math.floor(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}
