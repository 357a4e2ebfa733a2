// Keyboard control of the log: ↑/↓ or j/k, Home/End, Enter for detail, Escape to close it, r to jump to the pair.
import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import type { LogRows } from '../../lib/log/log-source.js';

interface Options {
  rows: LogRows;
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
  onOpenDetail: () => void;
  onCloseDetail: () => void;
  onJumpToEnd: () => void;
  pairOf: (entry: FrameEntry) => FrameEntry | undefined;
}

/** A key that landed on a row still being read: done once the row arrives. */
interface Waiting {
  index: number;
  action: 'select' | 'pair';
}

export function useLogKeyboard(o: Options): (e: KeyboardEvent) => void {
  const { rows, selectedSeq, onSelect, onOpenDetail, onCloseDetail, onJumpToEnd, pairOf } = o;
  const waiting = useRef<Waiting | null>(null);
  // The other side of an exchange: held or remembered, else by seq alone (the detail pane reads it from the relay).
  const pairSeq = useCallback((entry: FrameEntry) => pairOf(entry)?.frame.seq ?? entry.pairs[0], [pairOf]);
  const act = useCallback(
    (entry: FrameEntry, action: Waiting['action']) => {
      const seq = action === 'select' ? entry.frame.seq : pairSeq(entry);
      if (seq !== undefined) onSelect(seq);
    },
    [onSelect, pairSeq],
  );
  // rows changes whenever rows arrive (the log's version): the waiting key is done if its row is there now.
  useEffect(() => {
    const w = waiting.current;
    if (!w) return;
    const entry = w.index < rows.count ? rows.rowAt(w.index) : undefined;
    if (!entry) return;
    waiting.current = null;
    act(entry, w.action);
  }, [rows, act]);
  return useCallback(
    (e: KeyboardEvent) => {
      const count = rows.count;
      if (e.ctrlKey || e.metaKey || e.altKey || count === 0) return;
      const found = selectedSeq === null ? null : rows.indexOfSeq(selectedSeq);
      // A selection hidden by the filter still has a place in the list: move from where it would be.
      const at = found === null ? null : found >= 0 ? found : -found - 1;
      // A row not read yet: the key waits for it (rowAt has asked for it), and a later key replaces it.
      const keyAt = (index: number, action: Waiting['action']) => {
        const entry = rows.rowAt(index);
        waiting.current = entry ? null : { index, action };
        if (entry) act(entry, action);
      };
      const selectAt = (i: number) => keyAt(Math.max(0, Math.min(count - 1, i)), 'select');
      switch (e.key) {
        case 'ArrowDown':
        case 'j':
          selectAt(at === null ? 0 : found !== null && found >= 0 ? at + 1 : at);
          break;
        case 'ArrowUp':
        case 'k':
          selectAt(at === null ? count - 1 : at - 1);
          break;
        case 'Home':
          selectAt(0);
          break;
        case 'End':
          selectAt(count - 1);
          onJumpToEnd();
          break;
        case 'Enter':
          onOpenDetail();
          break;
        case 'Escape':
          onCloseDetail();
          break;
        case 'r':
          if (found !== null && found >= 0) keyAt(found, 'pair');
          break;
        default:
          return;
      }
      e.preventDefault();
    },
    [rows, selectedSeq, onOpenDetail, onCloseDetail, onJumpToEnd, act],
  );
}
