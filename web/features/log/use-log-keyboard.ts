// Keyboard control of the log: ↑/↓ or j/k, Home/End, Enter for detail, Escape to close it, r to jump to the pair.
import { useCallback, type KeyboardEvent } from 'react';
import type { FrameEntry } from '../../lib/frame-entry.js';
import type { LogRows } from './use-log-rows.js';

interface Options {
  rows: LogRows;
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
      const count = rows.count;
      if (e.ctrlKey || e.metaKey || e.altKey || count === 0) return;
      const found = selectedSeq === null ? null : rows.indexOfSeq(selectedSeq);
      // A selection hidden by the filter still has a place in the list: move from where it would be.
      const at = found === null ? null : found >= 0 ? found : -found - 1;
      // A windowed row not read yet cannot be selected; the key waits for its page like a scroll would.
      const selectAt = (i: number) => {
        const entry = rows.rowAt(Math.max(0, Math.min(count - 1, i)));
        if (entry) onSelect(entry.frame.seq);
      };
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
        case 'r': {
          const entry = found !== null && found >= 0 ? rows.rowAt(found) : undefined;
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
