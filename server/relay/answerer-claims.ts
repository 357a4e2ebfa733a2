// Which socket answers each session's server→client requests. Tied to the socket, not to the handshake claim, so a
// reloaded tab (whose old socket closed) can take over instead of leaving the server's requests unanswered until a restart.

export class AnswererClaims<C> {
  private readonly holders = new Map<string, C>();

  holder(sessionId: string): C | undefined {
    return this.holders.get(sessionId);
  }

  /** Grants the claim when it is free, already `client`'s, or forced; returns whether `client` now holds it. */
  claim(sessionId: string, client: C, force: boolean): boolean {
    const current = this.holders.get(sessionId);
    if (current !== undefined && current !== client && !force) return false;
    this.holders.set(sessionId, client);
    return true;
  }

  /** Drops `client`'s claim on one session; true when it held it. */
  release(sessionId: string, client: C): boolean {
    if (this.holders.get(sessionId) !== client) return false;
    this.holders.delete(sessionId);
    return true;
  }

  /** Drops every claim `client` holds (its socket closed); returns the sessions that are now free. */
  releaseAll(client: C): string[] {
    const freed: string[] = [];
    for (const [sessionId, holder] of this.holders) {
      if (holder === client) freed.push(sessionId);
    }
    for (const sessionId of freed) this.holders.delete(sessionId);
    return freed;
  }
}
