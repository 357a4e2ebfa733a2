// The start and the end that every frame of a block shares (lower-cased as SQLite's lower() does), which the background
// pass keeps beside the block counts (block-counts.ts): a needle inside a block's shared start or end is held by each of
// its frames, so the block's count is its number of frames, with no frame read. What makes a common needle cheap: a
// flood of one notification repeats the same JSON around its data ("notifications", '"jsonrpc"' and its padding in
// every frame), and the trigram index (text-index.ts), which keeps no positions, can only say that every frame is a
// candidate, each then checked by LIKE (450–683 ms over 3M frames).
//
// Same matches as LIKE, by construction: the ends are cut from the texts' own characters, ASCII letters folded as LIKE
// folds them; LIKE reads a text only up to its first NUL character, so the start is cut at its first NUL, and a block
// where any frame holds a NUL keeps no end (that end may lie past what LIKE reads).

/** At most this many UTF-16 code units of each end: a longer needle is read from the frames. */
const MAX_END_CHARS = 512;

/** One block's shared ends; null while it has no frame. */
export interface Ends {
  n: number;
  start: string;
  end: string;
}

/** What SQLite's lower() does without ICU: A–Z only. */
export function asciiLower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/** The ends of one more text added to a block's (null: the block's first frame), lower-cased as the needle is. */
export function addEnds(ends: Ends | null, text: string): Ends {
  const nul = text.indexOf('\0');
  // The flood's case, a few native calls: the ends hold no A–Z, so a raw text that starts and ends with them does folded.
  if (ends !== null && nul < 0 && text.startsWith(ends.start) && text.endsWith(ends.end)) return { n: ends.n + 1, start: ends.start, end: ends.end };
  // Only the two slices are folded, whatever the text's length.
  const start = asciiLower(nul >= 0 ? text.slice(0, Math.min(nul, MAX_END_CHARS)) : text.slice(0, MAX_END_CHARS));
  const end = nul >= 0 ? '' : asciiLower(text.slice(Math.max(0, text.length - MAX_END_CHARS)));
  if (ends === null) return { n: 1, start, end };
  return { n: ends.n + 1, start: commonStart(ends.start, start), end: commonEnd(ends.end, end) };
}

/** Two blocks' worth of ends of the same block joined (the pass adds a block in several chunks). */
export function joinEnds(a: Ends | null, b: Ends | null): Ends | null {
  if (a === null || b === null) return a ?? b;
  return { n: a.n + b.n, start: commonStart(a.start, b.start), end: commonEnd(a.end, b.end) };
}

function commonStart(a: string, b: string): string {
  if (b.startsWith(a)) return a;
  let i = 0;
  const max = Math.min(a.length, b.length);
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return a.slice(0, i);
}

function commonEnd(a: string, b: string): string {
  if (b.endsWith(a)) return a;
  let i = 0;
  const max = Math.min(a.length, b.length);
  while (i < max && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return a.slice(a.length - i);
}
