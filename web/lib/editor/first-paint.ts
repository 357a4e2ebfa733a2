// The log's first rows on screen with its whole held history delivered: non-urgent work (the code of the panel shown
// first) waits for it, so opening a session paints and counts the log first; a page that never shows rows (no session
// yet, an empty one) gets it after a bound. Monaco waits for more: an editor on screen (components/lazy-code-editor).
let markPainted: () => void = () => undefined;
const painted = new Promise<void>((resolve) => (markPainted = resolve));

/**
 * Bound on the wait for the log's paint. It starts when something first waits, during the page's first render, so
 * it must cover a slow start: fetching the session list, replaying the held frames and rendering them (a loaded
 * machine takes seconds).
 */
const PAINT_WAIT_MS = 5_000;

/** Called by the log once it shows rows and its session's history has been delivered. */
export function noteLogPainted(): void {
  markPainted();
}

/** Resolves after the log's first paint, or after `maxWaitMs`, whichever comes first. */
export function afterFirstPaint(maxWaitMs = PAINT_WAIT_MS): Promise<void> {
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}
