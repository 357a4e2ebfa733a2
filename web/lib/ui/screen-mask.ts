// Masks credentials in text as it is drawn while presentation mode is on: bearer tokens, API keys, JWTs and
// secret-named JSON members ("access_token", "Authorization") inside frames and HTTP bodies, with the patterns bundles
// use (shared/redaction). Threat: a token read off a projector or a screen recording. The recording is never touched:
// only what a component renders goes through here.
import { useMemo } from 'react';
import { Redactor } from '../../../shared/redaction/redactor.js';
import type { FrameEntry } from '../log/frame-entry.js';
import { usePresenting } from './presentation.js';

export type ScreenMask = (text: string) => string;

const redactor = new Redactor();
const mask: ScreenMask = (text) => redactor.text(text);
/** Per frame, its masked text and value: both are settled on arrival, so they are masked once. */
const masked = new WeakMap<FrameEntry, Pick<FrameEntry, 'frame' | 'value'>>();

/** The masking function while presenting, null otherwise (so a caller can skip the work and memoise on it). */
export function useScreenMask(): ScreenMask | null {
  return usePresenting() ? mask : null;
}

/** Text as it may be shown: masked while presenting. */
export function useShownText(text: string): string;
export function useShownText(text: string | undefined): string | undefined;
export function useShownText(text: string | undefined): string | undefined {
  const m = useScreenMask();
  return useMemo(() => (m === null || text === undefined ? text : m(text)), [m, text]);
}

/** A frame as the detail pane may show it: its text and parsed value masked; what later frames and lint add (pairs,
 * cancels, findings) is read from the stores by its seq, which the masked copy keeps. */
export function maskEntry(entry: FrameEntry): FrameEntry {
  let m = masked.get(entry);
  if (m === undefined) {
    m = { frame: { ...entry.frame, text: mask(entry.frame.text) }, value: entry.value === undefined ? undefined : redactor.json(entry.value) };
    masked.set(entry, m);
  }
  return { ...entry, ...m };
}

/** The entry as it may be shown: masked while presenting. */
export function useShownEntry<T extends FrameEntry | undefined>(entry: T): T {
  const m = useScreenMask();
  return (m === null || entry === undefined ? entry : maskEntry(entry)) as T;
}
