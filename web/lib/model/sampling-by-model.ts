// A server's sampling/createMessage answered by the model the Chat tab configured: the settings read fresh from the
// relay (the key stays there), the request planned by the shared mapping (hints pick among the listed models), the
// model asked through the relay (recorded as a `sampling` model-exchange event), its reply made a CreateMessageResult.
// Both "Ask the model" on a pending request and the inbox's automatic model rules come here: one path.
import { hintNote, samplingPlan, samplingResult } from '../../../shared/model/sampling-model.js';
import type { RelayHttp } from '../relay/relay-http.js';
import { relayProvider } from './relay-provider.js';

export interface SamplingDraft {
  /** The CreateMessageResult the model's reply makes (before a person edits it). */
  result: Record<string, unknown>;
  /** Who answered and what it cost, with what the hints did, as one line for the person. */
  note: string;
}

export type SamplingModelAnswer = (sessionId: string, params: unknown) => Promise<SamplingDraft>;

export async function askModelForSampling(http: RelayHttp, sessionId: string, params: unknown): Promise<SamplingDraft> {
  const settings = await http.call('modelSettings');
  if (!settings.provider || !settings.model) throw new Error('no model is configured: choose one in the Chat tab');
  const plan = samplingPlan(params, { model: settings.model, offered: settings.models });
  const reply = await relayProvider(http, sessionId, settings.provider, 'sampling').complete(plan.request);
  const usage = reply.usage ? ` (${reply.usage.inputTokens} tokens in, ${reply.usage.outputTokens} out)` : '';
  const hints = hintNote(plan);
  return { result: samplingResult(reply, plan), note: `${plan.request.model} answered${usage}${hints ? `; ${hints}` : ''}` };
}
