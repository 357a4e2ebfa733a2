// `mcpscope call --lint`: lints every frame of the call, prints the findings on stderr, and folds --strict into the
// call's exit code with the same rule as `mcpscope lint` (lintExitCode).
import { isPlainObject, parseJson } from '../../shared/jsonrpc.js';
import { JsonSchemaValidator, lintFrames, type Finding } from '../../shared/lint/index.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { findingsSummary, lintExitCode, originsOf, writeFindings } from '../cli/lint-output.js';
import type { CallOptions } from './call-args.js';
import { EXIT, transportKind, type Output } from './call-output.js';

/** The reason the client engine gives in the notifications/cancelled it sends for a request that timed out. */
const TIMEOUT_REASON = 'timed out';

/** The notifications/cancelled this call sent because its own --timeout ran out (never one a user typed). */
function isTimeoutCancel(f: FrameRecord): boolean {
  if (f.dir !== 'out' || f.kind !== 'notification' || (f.origin !== undefined && f.origin !== 'bookkeeping')) return false;
  const parsed = parseJson(f.text);
  const m = parsed.ok ? parsed.value : null;
  return isPlainObject(m) && m.method === 'notifications/cancelled' && isPlainObject(m.params) && m.params.reason === TIMEOUT_REASON;
}

/**
 * The frames the linter judges. The cancellation sent after a timeout still goes on the wire (the spec says a client
 * SHOULD send one), but it is left out here: it is the client's reaction to a missing answer, not a decision to
 * abandon the request, so the request is reported for what happened to it, unanswered (jsonrpc/unanswered-request).
 * Every other frame, and every seq, stays as recorded.
 */
export function framesForLint(frames: readonly FrameRecord[]): FrameRecord[] {
  return frames.filter((f) => !isTimeoutCancel(f));
}

/**
 * Under --strict, findings that fail it (warnings and errors) make the exit code 4 in place of a result (0), an error
 * response (1), a timeout (3) or a tool's isError result (5): an unanswered request is itself a finding. A usage or transport error (2) stays, as
 * it says the call could not be made at all. Without --strict the call's code stands.
 */
export function strictCallExit(code: number, findings: readonly Finding[], strict: boolean): number {
  const strictCode = lintExitCode(findings, strict);
  const replaceable: number[] = [EXIT.result, EXIT.rpcError, EXIT.timeout, EXIT.toolError];
  return strictCode !== 0 && replaceable.includes(code) ? strictCode : code;
}

export function lintCall(
  frames: readonly FrameRecord[],
  o: Pick<CallOptions, 'target' | 'protocolVersion' | 'strict'>,
  code: number,
  out: Output,
  write: (line: string) => void,
): number {
  const findings = lintFrames(framesForLint(frames), {
    transport: transportKind(o.target),
    protocolVersion: o.protocolVersion,
    jsonSchemaValidator: new JsonSchemaValidator(),
  });
  const originOf = originsOf(frames);
  writeFindings(findings, write, originOf);
  out.note(`lint: ${frames.length} frames, ${findingsSummary(findings, originOf)}`);
  return strictCallExit(code, findings, o.strict);
}
