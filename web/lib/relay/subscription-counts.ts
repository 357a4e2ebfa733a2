// How many users of the page hold each session's subscription, so one user letting go (the fault lab closing its
// scratch session) never unsubscribes another (the detail showing that session's log).

export class SubscriptionCounts {
  private readonly counts = new Map<string, number>();

  /** Takes one hold on the session; true when it is the first (the relay must be asked to subscribe). */
  add(sessionId: string): boolean {
    const n = this.counts.get(sessionId) ?? 0;
    this.counts.set(sessionId, n + 1);
    return n === 0;
  }

  /** Lets go of one hold; true when it was the last (the relay must be told to unsubscribe). */
  remove(sessionId: string): boolean {
    const n = this.counts.get(sessionId);
    if (n === undefined) return false;
    if (n > 1) {
      this.counts.set(sessionId, n - 1);
      return false;
    }
    this.counts.delete(sessionId);
    return true;
  }

  has(sessionId: string): boolean {
    return this.counts.has(sessionId);
  }

  /** Every session held at least once, to resubscribe after a reconnect. */
  sessions(): IterableIterator<string> {
    return this.counts.keys();
  }
}
