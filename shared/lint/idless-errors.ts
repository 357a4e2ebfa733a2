// Id-less error responses over Streamable HTTP, held until the exchange that carried them says its status. The notion
// is the relay's and the clients' (shared/http-answer.ts): such an error answers the requests its POST carried; with
// an error status it is allowed ("a JSON-RPC error response that has no id"), with a success status it is a finding.
import { idlessErrorAllowed } from '../http-answer.js';
import type { LintContext } from './lint-context.js';
import type { RuleId } from './rules.js';

/** The arguments of a LintContext.emit held back until the status is known. */
export type DeferredFinding = [RuleId, number, string, number[]];

/** How many may wait at once: a stream that never ends must not grow this without bound. */
const CAP = 1_000;

/** The requests a POST carried, as the exchange tracker knows them: their methods and ids, and how to settle them. */
export interface CarriedRequests {
  /** `tools/list (id 1)` per request still pending. */
  names: string[];
  settle(): void;
}

export class IdlessErrors {
  /** By frame seq; null for JSON-RPC's own id-null errors (-32700, -32600), which answer but are no finding. */
  private readonly held = new Map<number, DeferredFinding | null>();

  defer(ctx: LintContext, seq: number, finding: DeferredFinding | null): void {
    this.held.set(seq, finding);
    if (this.held.size <= CAP) return;
    // The oldest is judged as it stands.
    const [oldest, judged] = this.held.entries().next().value!;
    this.held.delete(oldest);
    if (judged) ctx.emit(...judged);
  }

  /**
   * The exchange that carried `receivedSeqs` ended with `status`, having sent `carried`. An error status settles the
   * requests whatever it carried (the server refused them); an id-less error answers them whatever the status, and is
   * reported only with a success status.
   */
  onExchangeEnd(ctx: LintContext, status: number, receivedSeqs: readonly number[], sentSeq: number | null, carried: CarriedRequests): void {
    let answered = false;
    const found: DeferredFinding[] = [];
    for (const seq of receivedSeqs) {
      if (!this.held.has(seq)) continue;
      const finding = this.held.get(seq);
      answered = true;
      if (finding) found.push(finding);
      this.held.delete(seq);
    }
    const allowed = idlessErrorAllowed(status);
    for (const [ruleId, seq, message, related] of allowed ? [] : found) {
      if (carried.names.length === 0 || sentSeq === null) ctx.emit(ruleId, seq, message, related);
      else
        ctx.emit(
          'jsonrpc/unmatched-response',
          seq,
          `An error without a usable id answered ${carried.names.join(', ')} with HTTP ${status}; the transport allows an id-less error only with an error status.`,
          [sentSeq],
        );
    }
    if (allowed || answered) carried.settle();
  }

  /** Reports the ones no exchange accounted for (the session ended first). */
  flush(ctx: LintContext): void {
    for (const finding of this.held.values()) if (finding) ctx.emit(...finding);
    this.held.clear();
  }
}
