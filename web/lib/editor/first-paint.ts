// The log's first rows on screen with its whole held history delivered: heavy, non-urgent work (Monaco's 4 MB of
// editor code, the code of panels nobody opened yet) waits for it, so opening a session paints and counts the log
// first. An editor someone can see (an opened composer, a frame's detail, a panel's form) is wanted at once instead,
// and a page that never shows rows (no session yet, an empty one) still gets the editor after a bound.
let markPainted: () => void = () => undefined;
const painted = new Promise<void>((resolve) => (markPainted = resolve));
let markWanted: () => void = () => undefined;
const wanted = new Promise<void>((resolve) => (markWanted = resolve));

/**
 * Bound on the wait for the log's paint. It starts when something first waits, during the page's first render, so
 * it must cover a slow start: fetching the session list, replaying the held frames and rendering them (a loaded
 * machine takes seconds); an editor someone can see does not wait for it.
 */
const PAINT_WAIT_MS = 5_000;

/** Called by the log once it shows rows and its session's history has been delivered. */
export function noteLogPainted(): void {
  markPainted();
}

/** Called when an editor is on screen (or about to be): the editor's code loads now, painted or not. */
export function wantEditorNow(): void {
  markWanted();
}

/** Resolves after the log's first paint, or after `maxWaitMs`, whichever comes first. */
export function afterFirstPaint(maxWaitMs = PAINT_WAIT_MS): Promise<void> {
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}

/** When the editor's code may load: once wanted, or after the log's first paint (or its bound). */
export function editorMayLoad(): Promise<void> {
  return Promise.race([wanted, afterFirstPaint()]);
}
