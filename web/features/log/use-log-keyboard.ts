// Keyboard control of the log: ↑/↓ or j/k, Home/End, Enter for detail, Escape to let go of the frame, r to jump to the pair. In
// presentation mode ↑/↓ and j/k step by exchange (a request with its response, or a frame on its own) and open the detail.
import { useCallback, useEffect, useRef } from 'react';
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
  /** The seqs on the other side of the entry's exchanges (its links). */
  pairsOf: (entry: FrameEntry) => readonly number[];
  /** Step by exchange rather than by frame. */
  byExchange?: boolean;
}

/** What the handler reads of a key event: React's and the DOM's both fit (the log also takes keys from the page). */
export type LogKey = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'preventDefault'>;

/** A frame that ends an exchange begun earlier (a response, a batch's answer) is passed over when stepping by exchange. */
function startsExchange(entry: FrameEntry, pairs: readonly number[]): boolean {
  return !(pairs.length > 0 && pairs.every((p) => p < entry.frame.seq));
}

/** A key that landed on a row still being read: done once the row arrives. */
interface Waiting {
  index: number;
  action: 'select' | 'pair' | 'next' | 'previous';
}

export function useLogKeyboard(o: Options): (e: LogKey) => void {
  const { rows, selectedSeq, onSelect, onOpenDetail, onCloseDetail, onJumpToEnd, pairOf, pairsOf, byExchange = false } = o;
  const waiting = useRef<Waiting | null>(null);
  // The other side of an exchange: held or remembered, else by seq alone (the detail pane reads it from the relay).
  const pairSeq = useCallback((entry: FrameEntry) => pairOf(entry)?.frame.seq ?? pairsOf(entry)[0], [pairOf, pairsOf]);
  /** Selects the first exchange from `index` on in the direction; a row not read yet waits (rowAt has asked for it). */
  const step = useCallback(
    (index: number, action: 'next' | 'previous') => {
      const by = action === 'next' ? 1 : -1;
      for (let i = index; i >= 0 && i < rows.count; i += by) {
        const entry = rows.rowAt(i);
        if (!entry) {
          waiting.current = { index: i, action };
          return;
        }
        if (startsExchange(entry, pairsOf(entry))) {
          onSelect(entry.frame.seq);
          onOpenDetail();
          return;
        }
      }
    },
    [rows, pairsOf, onSelect, onOpenDetail],
  );
  const act = useCallback(
    (entry: FrameEntry, action: Waiting['action'], index: number) => {
      if (action === 'next' || action === 'previous') return step(index, action);
      const seq = action === 'select' ? entry.frame.seq : pairSeq(entry);
      if (seq !== undefined) onSelect(seq);
    },
    [onSelect, pairSeq, step],
  );
  // rows changes whenever rows arrive (the log's version): the waiting key is done if its row is there now.
  useEffect(() => {
    const w = waiting.current;
    if (!w) return;
    const entry = w.index < rows.count ? rows.rowAt(w.index) : undefined;
    if (!entry) return;
    waiting.current = null;
    act(entry, w.action, w.index);
  }, [rows, act]);
  return useCallback(
    (e: LogKey) => {
      const count = rows.count;
      if (e.ctrlKey || e.metaKey || e.altKey || count === 0) return;
      const found = selectedSeq === null ? null : rows.indexOfSeq(selectedSeq);
      // A selection hidden by the filter still has a place in the list: move from where it would be.
      const at = found === null ? null : found >= 0 ? found : -found - 1;
      // A row not read yet: the key waits for it (rowAt has asked for it), and a later key replaces it.
      const keyAt = (index: number, action: Waiting['action']) => {
        const entry = rows.rowAt(index);
        waiting.current = entry ? null : { index, action };
        if (entry) act(entry, action, index);
      };
      const selectAt = (i: number) => keyAt(Math.max(0, Math.min(count - 1, i)), 'select');
      const exchangeKey = byExchange && ['ArrowDown', 'j', 'ArrowUp', 'k'].includes(e.key);
      if (exchangeKey) {
        waiting.current = null;
        const next = e.key === 'ArrowDown' || e.key === 'j';
        if (next) step(at === null ? 0 : found !== null && found >= 0 ? at + 1 : at, 'next');
        else step(at === null ? count - 1 : at - 1, 'previous');
        e.preventDefault();
        return;
      }
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
    [rows, selectedSeq, onOpenDetail, onCloseDetail, onJumpToEnd, act, step, byExchange],
  );
}
