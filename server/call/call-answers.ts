// `call --answers/--capabilities`: reads the answers file, and makes the call's engine declare those capabilities and
// answer the server's requests from it.
import { answerHandlers, capabilitiesObject, declaredCapabilities, parseAnswersFile, type AnswersFile } from '../../shared/answers/index.js';
import type { ClientEngine } from '../../shared/engine/index.js';
import { UsageError } from '../cli/flags.js';
import { readJsonFile } from '../cli/read-json-file.js';
import type { CallOptions } from './call-args.js';

export interface ScriptedClient {
  answers: AnswersFile;
  /** The capabilities object for initialize (or the modern _meta). */
  capabilities: Record<string, unknown>;
}

export async function readAnswersFile(file: string): Promise<AnswersFile> {
  const r = parseAnswersFile(await readJsonFile(file));
  if (!r.ok) throw new UsageError(`${file} is not an answers file: ${r.error}`);
  return r.answers;
}

/** null when neither flag is given: the call then declares nothing and answers -32601 as before. */
export async function loadScriptedClient(o: Pick<CallOptions, 'answers' | 'capabilities'>): Promise<ScriptedClient | null> {
  if (o.answers === null && o.capabilities === null) return null;
  const answers = o.answers === null ? {} : await readAnswersFile(o.answers);
  return { answers, capabilities: capabilitiesObject(declaredCapabilities(answers, o.capabilities ?? undefined)) };
}

/** Registers one handler per declared kind on the engine. */
export function installScriptedClient(engine: ClientEngine, client: ScriptedClient): void {
  const kinds = Object.keys(client.capabilities) as Parameters<typeof answerHandlers>[1];
  for (const [method, handler] of Object.entries(answerHandlers(client.answers, kinds))) engine.handle(method, handler);
}
