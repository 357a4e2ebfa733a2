// Finds a seq in a seq-ordered list by binary search: the log can hold tens of thousands of rows.
import type { FrameEntry } from './frame-entry.js';

/** The index of `seq`, or -(insertion point) - 1 when it is not in the list (filtered out). */
export function indexOfSeq(rows: readonly FrameEntry[], seq: number): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const s = rows[mid]!.frame.seq;
    if (s === seq) return mid;
    if (s < seq) lo = mid + 1;
    else hi = mid - 1;
  }
  return -lo - 1;
}
