// What every check sees: the options, where findings go, and the message being looked at.
import type { FrameRecord } from '../relay-protocol.js';
import type { Finding, Side, TransportKind } from './lint-types.js';
import { RULES, type RuleId } from './rules.js';

/** The part of the SDK's jsonSchemaValidator interface the linter uses, so `new AjvJsonSchemaValidator()` fits as is. */
export interface JsonSchemaValidatorProvider {
  getValidator(schema: never): (input: unknown) => { valid: boolean; errorMessage?: string | undefined };
}

export interface LinterOptions {
  /** For an `auto` target pass 'http': the linter follows the relay's `transport-selected` event from there. */
  transport: TransportKind;
  /** The version to assume until the traffic shows one: the version the session offers, or the one pinned. */
  protocolVersion?: string;
  /** Validates structuredContent against outputSchema; without it only a missing structuredContent is reported. */
  jsonSchemaValidator?: JsonSchemaValidatorProvider;
  /** How many finished requests and tokens to remember for duplicate, id-reuse and late-progress checks. */
  historyLimit?: number;
  /** A request unanswered this long is pending too long (Linter.pendingAt); an answer this late gets a latency note. */
  slowAfterMs?: number;
  /**
   * false: tools/call arguments are not checked against the inputSchema as they go out (no `mcp/tool-arguments-schema`,
   * a finding about the client); whether they fit is worked out only when a -32603 answers the call. For a client that
   * breaks schemas on purpose and reads only the server's findings (fuzz): it saves a validation per call.
   */
  toolArgumentFindings?: boolean;
}

export const DEFAULT_HISTORY_LIMIT = 10_000;
export const DEFAULT_SLOW_AFTER_MS = 30_000;

export function otherSide(s: Side): Side {
  return s === 'client' ? 'server' : 'client';
}

/** One JSON-RPC message: a whole frame, or one element of a batch. */
export interface Msg {
  seq: number;
  ts: number;
  sender: Side;
  obj: Record<string, unknown>;
  /** Appended to messages: '' or ' (batch element 2)'. */
  where: string;
  /** The batch this call belongs to, when it was sent inside one. */
  batchSeq: number | null;
  /** True when the message is an element of an array (a batch or a batch reply). */
  inArray: boolean;
}

export class LintContext {
  out: Finding[] = [];
  /** Starts as the option; an `auto` connection reports the transport it settled on with a relay event. */
  transport: TransportKind;

  constructor(readonly options: LinterOptions) {
    this.transport = options.transport;
  }

  emit(ruleId: RuleId, seq: number, message: string, related: number[] = []): void {
    this.out.push({ ruleId, severity: RULES[ruleId].severity, seq, related: related.length > 1 ? [...new Set(related)] : related, message });
  }

  /** Starts collecting the findings of one push. */
  begin(): Finding[] {
    this.out = [];
    return this.out;
  }

  frameMsg(frame: FrameRecord, sender: Side, obj: Record<string, unknown>): Msg {
    return { seq: frame.seq, ts: frame.ts, sender, obj, where: '', batchSeq: null, inArray: false };
  }
}
