// The log's first rows on screen: heavy, non-urgent work (Monaco's 4 MB of editor code) waits for it, so opening a
// session paints the log first. A page that never shows rows (no session yet) still gets the editor after a bound.
let markPainted: () => void = () => undefined;
const painted = new Promise<void>((resolve) => (markPainted = resolve));

/** Called by the log once it has rendered rows. */
export function noteLogPainted(): void {
  markPainted();
}

/** Resolves after the log's first rows, or after `maxWaitMs`, whichever comes first. */
export function afterFirstPaint(maxWaitMs = 1500): Promise<void> {
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}
