// Decides when a probe may stop waiting early: as soon as everything a reply could still change has arrived.
import { correlateBatch } from '../correlate-batch.js';
import { parseJson } from '../jsonrpc.js';
import type { FaultExpectation, FaultReply } from './fault-types.js';
import { answersIn } from './reply-facts.js';

/**
 * Silence can only be proven by waiting the whole time; a batch waits until every request is answered;
 * anything else stops at its first answer (a second answer would be a further fault the log still shows).
 */
export function isSettled(expect: FaultExpectation, sentText: string, replies: readonly FaultReply[], refused = false): boolean {
  const answers = answersIn(replies);
  // Over HTTP, an error status with no JSON-RPC body is the whole answer: nothing more comes for that POST.
  if (refused && answers.length === 0 && replies.length === 0) return true;
  if (expect.kind === 'silence' || answers.length === 0) return false;
  if (expect.kind === 'duplicate') return answers.length >= 2;
  if (expect.kind !== 'batch') return true;
  const parsed = parseJson(sentText);
  // An empty batch owes one error object; anything that answers it ends the wait.
  if (!parsed.ok || !Array.isArray(parsed.value) || parsed.value.length === 0) return true;
  const c = correlateBatch(parsed.value, answers);
  return c.summary.requests > 0 && c.summary.missing === 0;
}
