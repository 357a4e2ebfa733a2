// A small external store of one value per frame, keyed by seq, for what is learned about a frame after it was logged
// (its findings, its links): the entry itself never changes, a component subscribes to the seqs it shows, and a change
// re-renders those alone. Each value is replaced, never changed in place, so a snapshot read once stays what it was
// (useSyncExternalStore compares snapshots by identity).
import { Listeners } from '../../../shared/listeners.js';

/** What a reader of one frame's value needs: the value now, and word when it changes. */
export interface BySeqReader<T> {
  /** The frame's value; the store's shared "none" when it has none. The same object until it changes. */
  of(seq: number): T;
  /** Calls `listener` whenever the value of `seq` changes; returns the way to stop. */
  subscribe(seq: number, listener: () => void): () => void;
}

export class BySeqStore<T> implements BySeqReader<T> {
  private readonly values = new Map<number, T>();
  /** Only the frames someone shows have listeners (the rows on screen, the detail): a few dozen at most. */
  private readonly listeners = new Map<number, Listeners>();

  /** `none`: the value of every frame nothing was learned about (one shared, frozen object). */
  constructor(private readonly none: T) {}

  of(seq: number): T {
    return this.values.get(seq) ?? this.none;
  }

  /** Whether anything was learned about the frame (the "has findings" filter asks this of every frame it scans). */
  has(seq: number): boolean {
    return this.values.has(seq);
  }

  subscribe(seq: number, listener: () => void): () => void {
    let set = this.listeners.get(seq);
    if (!set) this.listeners.set(seq, (set = new Listeners()));
    const remove = set.add(listener);
    return () => {
      remove();
      if (set.size === 0 && this.listeners.get(seq) === set) this.listeners.delete(seq);
    };
  }

  /** Forgets the values of frames from..to (the log dropped them); their listeners hear of it. */
  forget(from: number, to: number): void {
    // Whichever is shorter: the range (one evicted frame) or the values held (a trim's long range over few findings).
    const seqs = to - from < this.values.size ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : [...this.values.keys()];
    for (const seq of seqs) {
      if (seq < from || seq > to || !this.values.delete(seq)) continue;
      this.changed(seq);
    }
  }

  /** Forgets every value (the lint starts over); every listener hears of it. */
  clear(): void {
    const seqs = [...this.values.keys()];
    this.values.clear();
    for (const seq of seqs) this.changed(seq);
  }

  /** Replaces the frame's value with what `next` makes of it; nothing is told when it hands back the same value. */
  protected update(seq: number, next: (value: T | undefined) => T): void {
    const before = this.values.get(seq);
    const after = next(before);
    if (after === before) return;
    this.values.set(seq, after);
    this.changed(seq);
  }

  private changed(seq: number): void {
    this.listeners.get(seq)?.emit();
  }
}
