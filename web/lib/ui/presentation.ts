// Presentation mode for demos: larger type, high contrast, secrets masked on screen, the log centred on the newest
// exchange and stepped through by exchange. A view setting only: this browser remembers the toggle, `?present` in the page
// URL switches it on for that page (and starts nothing), and it shows as the `present` class on <html> for styles.css.
import { useSyncExternalStore } from 'react';
import { Listeners } from '../../../shared/listeners.js';

const STORAGE_KEY = 'mcpscope.present';
const listeners = new Listeners();
let presenting = false;

function apply() {
  document.documentElement.classList.toggle('present', presenting);
  listeners.emit();
}

/** `?present` (or `?present=1`) turns it on for this page, `?present=0` off; otherwise the remembered toggle holds. */
function fromUrl(): boolean | null {
  const v = new URLSearchParams(window.location.search).get('present');
  if (v === null) return null;
  return !/^(0|off|false|no)$/i.test(v);
}

/** Called once, before the first render, so a demo page never flashes the small type. */
export function startPresentation() {
  try {
    presenting = localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    // Storage off (a locked-down profile): off unless the URL asks.
  }
  presenting = fromUrl() ?? presenting;
  apply();
}

export function setPresenting(on: boolean) {
  presenting = on;
  try {
    if (on) localStorage.setItem(STORAGE_KEY, 'on');
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Not remembered then, but still applied to this page.
  }
  apply();
}

const subscribe = listeners.add;

/** Whether presentation mode is on, re-rendering when it changes. */
export function usePresenting(): boolean {
  return useSyncExternalStore(subscribe, () => presenting);
}

/**
 * Below this many CSS pixels of room (the window's width over the page zoom), presentation mode stacks the panes: the
 * panels column goes below the log and the composer folds to its bar. A projector's 1024×768 or 1280×720 at a quarter
 * larger type leaves 819 or 1024 px, where side-by-side panes would starve the log's summary or push the page sideways;
 * side by side, the log's ~58% needs 1400 px of room to keep a long method's end and a readable summary (log-columns.ts).
 */
const STACK_BELOW_CSS_PX = 1400;

/** The zoom presentation mode draws at (styles.css `:root.present`), read from the page rather than repeated here. */
function pageZoom(): number {
  const zoom = parseFloat(getComputedStyle(document.documentElement).zoom);
  return Number.isFinite(zoom) && zoom > 0 ? zoom : 1;
}

function stackedNow(): boolean {
  return presenting && window.innerWidth / pageZoom() < STACK_BELOW_CSS_PX;
}

function subscribeStacked(onChange: () => void) {
  const off = listeners.add(onChange);
  window.addEventListener('resize', onChange);
  return () => {
    off();
    window.removeEventListener('resize', onChange);
  };
}

/** Whether presentation mode's stacked layout is on: presenting, in a window too narrow for panes side by side. */
export function usePresentationStacked(): boolean {
  return useSyncExternalStore(subscribeStacked, stackedNow);
}
