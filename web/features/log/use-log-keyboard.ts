// Keyboard control of the log: ↑/↓ or j/k, Home/End, Enter for detail, Escape to close it, r to jump to the pair.
import { useCallback, type KeyboardEvent } from 'react';
import type { FrameEntry } from '../../lib/frame-entry.js';
import { indexOfSeq } from './seq-index.js';

interface Options {
  rows: readonly FrameEntry[];
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
  onOpenDetail: () => void;
  onCloseDetail: () => void;
  onJumpToEnd: () => void;
  pairOf: (entry: FrameEntry) => FrameEntry | undefined;
}

export function useLogKeyboard(o: Options): (e: KeyboardEvent) => void {
  const { rows, selectedSeq, onSelect, onOpenDetail, onCloseDetail, onJumpToEnd, pairOf } = o;
  return useCallback(
    (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || rows.length === 0) return;
      const found = selectedSeq === null ? null : indexOfSeq(rows, selectedSeq);
      // A selection hidden by the filter still has a place in the list: move from where it would be.
      const at = found === null ? null : found >= 0 ? found : -found - 1;
      const selectAt = (i: number) => onSelect(rows[Math.max(0, Math.min(rows.length - 1, i))]!.frame.seq);
      switch (e.key) {
        case 'ArrowDown':
        case 'j':
          selectAt(at === null ? 0 : found !== null && found >= 0 ? at + 1 : at);
          break;
        case 'ArrowUp':
        case 'k':
          selectAt(at === null ? rows.length - 1 : at - 1);
          break;
        case 'Home':
          selectAt(0);
          break;
        case 'End':
          selectAt(rows.length - 1);
          onJumpToEnd();
          break;
        case 'Enter':
          onOpenDetail();
          break;
        case 'Escape':
          onCloseDetail();
          break;
        case 'r': {
          const entry = found !== null && found >= 0 ? rows[found] : undefined;
          const pair = entry && pairOf(entry);
          if (pair) onSelect(pair.frame.seq);
          break;
        }
        default:
          return;
      }
      e.preventDefault();
    },
    [rows, selectedSeq, onSelect, onOpenDetail, onCloseDetail, onJumpToEnd, pairOf],
  );
}
