// The answers file (the one `mcpscope call --answers` reads) as the inspector's auto-responses: what importing one sets,
// what exporting the current rules writes, and how a scripted rule answers. Pure; the inbox and the panel use it.
import { elicitationResult, samplingResult, type AnswersFile } from '../../../shared/answers/index.js';
import { HandlerError } from '../../../shared/engine/index.js';
import { type AutoRule, type Outcome, type Root, type ServerRequestKind } from './server-request-rules.js';

/** The auto-response rules an answers file stands for: each kind it answers is answered from it. */
export function rulesFromAnswers(file: AnswersFile, current: Readonly<Record<ServerRequestKind, AutoRule>>): Record<ServerRequestKind, AutoRule> {
  return {
    roots: file.roots ? 'answer' : current.roots,
    sampling: file.sampling ? 'scripted' : current.sampling,
    elicitation: file.elicitation ? 'scripted' : current.elicitation,
  };
}

/** The answers file the current rules make: what each automatic rule answers; "ask me" kinds are left out. */
export function answersFromRules(rules: Readonly<Record<ServerRequestKind, AutoRule>>, roots: readonly Root[], script: AnswersFile | null): AnswersFile {
  const out: AnswersFile = {};
  if (rules.roots === 'answer') out.roots = roots.map((r) => (r.name ? { uri: r.uri, name: r.name } : { uri: r.uri }));
  if (rules.sampling === 'scripted' && script?.sampling) out.sampling = script.sampling;
  if (rules.sampling === 'canned')
    out.sampling = { text: 'Canned reply from mcpscope to {{messageCount}} message(s).', model: 'mcpscope-canned', stopReason: 'endTurn' };
  if (rules.sampling === 'reject') out.sampling = { action: 'reject' };
  if (rules.elicitation === 'scripted' && script?.elicitation) out.elicitation = script.elicitation;
  if (rules.elicitation === 'decline' || rules.elicitation === 'cancel' || rules.elicitation === 'reject') out.elicitation = { action: rules.elicitation };
  return out;
}

/** A scripted rule's answer: the shared answer functions, their refusals as JSON-RPC errors. */
export function scriptedOutcome(kind: ServerRequestKind, script: AnswersFile | null, params: unknown): Outcome | null {
  try {
    if (kind === 'sampling' && script?.sampling) return { result: samplingResult(script.sampling, params) };
    if (kind === 'elicitation' && script?.elicitation) return { result: elicitationResult(script.elicitation, params) };
  } catch (err) {
    if (err instanceof HandlerError) return { error: { code: err.code, message: err.message } };
    throw err;
  }
  return null;
}
