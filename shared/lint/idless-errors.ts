// Id-less error responses over Streamable HTTP, held until the exchange that carried them says its status: on an error
// status they are allowed ("a JSON-RPC error response that has no id"), on a success status they are findings.
import type { LintContext } from './lint-context.js';
import type { RuleId } from './rules.js';

/** The arguments of a LintContext.emit held back until the status is known. */
export type DeferredFinding = [RuleId, number, string, number[]];

/** How many may wait at once: a stream that never ends must not grow this without bound. */
const CAP = 1_000;

export class IdlessErrors {
  private readonly held = new Map<number, DeferredFinding>();

  defer(ctx: LintContext, finding: DeferredFinding): void {
    this.held.set(finding[1], finding);
    if (this.held.size <= CAP) return;
    // The oldest is judged as it stands.
    const [oldest, judged] = this.held.entries().next().value!;
    this.held.delete(oldest);
    ctx.emit(...judged);
  }

  /** The exchange that carried `receivedSeqs` ended with `status`. */
  onStatus(ctx: LintContext, status: number, receivedSeqs: readonly number[]): void {
    for (const seq of receivedSeqs) {
      const finding = this.held.get(seq);
      if (!finding) continue;
      this.held.delete(seq);
      if (status < 400) ctx.emit(...finding);
    }
  }

  /** Reports the ones no exchange accounted for (the session ended first). */
  flush(ctx: LintContext): void {
    for (const finding of this.held.values()) ctx.emit(...finding);
    this.held.clear();
  }
}
