// When the store's background pass (the relay's lint and text index of whole sessions) may take a core: not while the
// relay serves reads for a page (a subscriber's replay, an export), nor while a page starts. One explicit moment, moved
// only forward, which the pass reads (recorder-lint.ts adds its quiet time to it); it was a "last read at" time that a
// page's start set into the future and the next read set back, cutting that hold short.
export class BackgroundHold {
  private until = 0;

  /** The store is being read for a page now: the pass waits its quiet time after this moment. */
  read(): void {
    this.until = Math.max(this.until, Date.now());
  }

  /**
   * A page is starting: the pass holds back for `ms`, so it does not take one of the machine's cores while the page
   * runs its code and paints (a 3M session's lint, about 40 s of a core, put 0.45 s on every page load it overlapped).
   */
  holdFor(ms: number): void {
    this.until = Math.max(this.until, Date.now() + ms);
  }

  /** The moment (ms since the epoch) the pass is held to, before its quiet time; 0 when never held. */
  get heldTo(): number {
    return this.until;
  }

  /** Forgets every hold (a test starting from a quiet store). */
  clear(): void {
    this.until = 0;
  }
}
