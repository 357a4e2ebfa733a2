// "Open this request over there": the detail pane publishes an intent, the workbench shows the target, and the target panel takes it.
import { useEffect, useSyncExternalStore } from 'react';
import { Listeners } from '../../../shared/listeners.js';

export type IntentTarget = 'overview' | 'tools' | 'resources' | 'prompts' | 'logging' | 'composer' | 'http' | 'batch' | 'server-requests';

export interface PanelIntent {
  /** Unique per publish, so the same request opened twice is two intents. */
  serial: number;
  target: IntentTarget;
  method: string;
  params: unknown;
  /** The whole message as it went out (a request object, or a batch array), for the composer and the batch builder. */
  message: unknown;
}

let pending: PanelIntent | null = null;
let serial = 0;
const listeners = new Listeners();

function emit(): void {
  listeners.emit();
}

export function publishIntent(intent: Omit<PanelIntent, 'serial'>): void {
  pending = { ...intent, serial: ++serial };
  emit();
}

const subscribe = listeners.add;

/** The intent nobody has taken yet; the workbench watches it to switch tabs. */
export function usePendingIntent(): PanelIntent | null {
  return useSyncExternalStore(subscribe, () => pending);
}

/** Hands the pending intent for `target` to `apply` once, when it appears or when the panel mounts after it was published. */
export function useTakeIntent(target: IntentTarget, apply: (intent: PanelIntent) => void): void {
  const current = usePendingIntent();
  useEffect(() => {
    if (current === null || current.target !== target || pending !== current) return;
    pending = null;
    apply(current);
    emit();
  }, [current, target, apply]);
}
