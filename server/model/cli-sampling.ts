// `mcpscope chat --sampling model`: the server's sampling/createMessage answered by the chat's own model. With
// --approve all it goes out on its own; otherwise the person says yes at the terminal to the request and then to the
// model's answer, and with no terminal it is declined (-1, as the spec's example for a refusal).
import { HandlerError, type ClientEngine } from '../../shared/engine/index.js';
import type { ModelProvider, StopToken } from '../../shared/model/chat-types.js';
import { hintNote, samplingPlan, samplingResult } from '../../shared/model/sampling-model.js';
import { escapeControls } from '../../shared/trust/escape-controls.js';

export interface SampledAnswer {
  /** The JSON-RPC id of the server's request. */
  id: string | number | null;
  approved: boolean;
  result?: Record<string, unknown>;
  error?: string;
}

export interface CliSamplingOptions {
  provider: ModelProvider;
  model: string;
  /** Other models the provider offers (--models): a request's modelPreferences hints pick among them. */
  models: readonly string[];
  auto: boolean;
  ask: ((question: string) => Promise<boolean>) | undefined;
  stop: StopToken;
  serverContext: () => string | undefined;
  note(text: string): void;
  answered: SampledAnswer[];
}

const USER_REJECTED = -1;

export function answerSamplingWithModel(engine: ClientEngine, o: CliSamplingOptions): () => void {
  return engine.handle('sampling/createMessage', async (params, context) => {
    const plan = samplingPlan(params, { model: o.model, offered: o.models, serverContext: o.serverContext() });
    const last = plan.request.messages.at(-1);
    const said = last && 'text' in last ? escapeControls(last.text.slice(0, 200)) : '';
    const hint = plan.hints.length ? ` (${escapeControls(hintNote(plan))})` : '';
    const decline = (why: string) => {
      o.answered.push({ id: context.id, approved: false, error: why });
      throw new HandlerError(USER_REJECTED, why);
    };
    if (!o.auto && !(o.ask && (await o.ask(`the server asks the model: "${said}"${hint}; send it?`)))) return decline('the user declined the sampling request');
    const reply = await o.provider.complete(plan.request, { stop: o.stop }).catch((err: Error) => {
      o.answered.push({ id: context.id, approved: true, error: err.message });
      throw new HandlerError(-32603, `the model could not answer: ${err.message}`);
    });
    const result = samplingResult(reply, plan);
    if (!o.auto && !(o.ask && (await o.ask(`the model answers: "${escapeControls(reply.text.slice(0, 300))}"; send it to the server?`))))
      return decline("the user declined the model's answer");
    o.note(
      `answered the server's sampling request ${String(context.id)} with ${escapeControls(plan.request.model)} (${reply.usage ? `${reply.usage.inputTokens} in, ${reply.usage.outputTokens} out` : 'no usage given'})`,
    );
    o.answered.push({ id: context.id, approved: true, result });
    return result;
  });
}
