// Brings the selected row into view when the selection changes (keyboard, "go to response", a click elsewhere), not on
// every append — for any virtualized view of the log's rows (the table, the sequence diagram).
import { useEffect, useRef } from 'react';
import type { LogRows } from '../log/log-source.js';

export function useSelectionInView(rows: LogRows, selectedSeq: number | null, scrollToIndex: (index: number) => void): void {
  // The rows are read through a ref so new frames do not re-run this. scrollToIndex changes with the count too, so it
  // is read through a ref as well: a selection scrolled off the top by new frames must not pull the view back up (and
  // stop it following) on the next append. A selection whose row is not placed yet is brought into view once it is.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const scrollRefFn = useRef(scrollToIndex);
  scrollRefFn.current = scrollToIndex;
  const unplaced = useRef<number | null>(null);
  useEffect(() => {
    unplaced.current = null;
    if (selectedSeq === null) return;
    const i = rowsRef.current.indexOfSeq(selectedSeq);
    if (i >= 0) scrollRefFn.current(i);
    else unplaced.current = selectedSeq;
  }, [selectedSeq]);
  useEffect(() => {
    if (unplaced.current === null) return;
    const i = rows.indexOfSeq(unplaced.current);
    if (i < 0) return;
    unplaced.current = null;
    scrollToIndex(i);
  }, [rows, scrollToIndex]);
}
