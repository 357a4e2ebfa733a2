// The conversation engine: offers the server's tools to a model, runs the calls it asks for through a tool runner (the
// client engine, provenance `model`) after the approval mode says yes, feeds the results back, and stops at a final
// answer, the step limit, Stop or an error, keeping usage and latency per turn. Isomorphic: the CLI and the relay
// give it a provider adapter and a runner; it knows neither keys nor transports.
import type {
  ApprovalMode,
  ChatMessage,
  ChatOutcome,
  ChatToolCall,
  ChatTranscript,
  ChatTurn,
  ModelProvider,
  ModelReply,
  ModelRequest,
  ModelToolCall,
  ModelUsage,
  StopToken,
  ToolResultMessage,
} from './chat-types.js';
import { ModelError } from './model-error.js';
import { isReadOnlyTool, offerTools, type ToolLike } from './tool-functions.js';
import { toolErrorText, toolResultText } from './tool-result-text.js';

/** What running one tools/call gave: the result or the error, the frames it made, how long it took. */
export interface ToolRun {
  result?: unknown;
  error?: { code: number | string; message: string };
  seqs: number[];
  ms: number;
}

export interface ChatToolRunner {
  /** Calls the MCP tool; on stop it cancels the request (notifications/cancelled) and resolves with that error. */
  call(name: string, args: unknown, stop: StopToken): Promise<ToolRun>;
}

export type ChatEvent =
  | { type: 'turn-start'; step: number; request: ModelRequest }
  | { type: 'text'; step: number; delta: string }
  | { type: 'turn-end'; step: number; reply: ModelReply; latencyMs: number }
  | { type: 'model-error'; step: number; message: string; latencyMs: number }
  | { type: 'approval'; step: number; call: ChatToolCall }
  | { type: 'tool-start'; step: number; call: ChatToolCall }
  | { type: 'tool-end'; step: number; call: ChatToolCall };

export interface ChatLoopOptions {
  provider: ModelProvider;
  model: string;
  system?: string | undefined;
  /** The person's message for this round. */
  prompt: string;
  /** The conversation so far (the page continues one); the prompt is appended to it. */
  history?: ChatMessage[] | undefined;
  tools: readonly ToolLike[];
  runner: ChatToolRunner;
  approval: ApprovalMode;
  /** Asked when the mode does not approve on its own; no function: such calls are declined. */
  ask?: ((call: ChatToolCall, tool: ToolLike) => Promise<boolean>) | undefined;
  /** How many model requests this round may make. */
  maxSteps: number;
  maxTokens?: number | undefined;
  stop?: StopToken | undefined;
  onEvent?: ((event: ChatEvent) => void) | undefined;
  clock: () => number;
}

export interface ChatRound extends ChatTranscript {
  /** The whole conversation after this round, for the next one. */
  messages: ChatMessage[];
}

const NEVER: StopToken = { stopped: false, onStop: () => () => undefined };
const DECLINED_TEXT = 'The user declined this tool call.';

function addUsage(total: ModelUsage, u: ModelUsage | null): void {
  if (!u) return;
  total.inputTokens += u.inputTokens;
  total.outputTokens += u.outputTokens;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function runChat(o: ChatLoopOptions): Promise<ChatRound> {
  const stop = o.stop ?? NEVER;
  const offered = offerTools(o.tools);
  const messages: ChatMessage[] = [...(o.history ?? []), { role: 'user', text: o.prompt }];
  const turns: ChatTurn[] = [];
  const usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  const emit = (e: ChatEvent) => o.onEvent?.(e);
  const end = (outcome: ChatOutcome, error?: string): ChatRound => {
    const answer = [...turns].reverse().find((t) => t.text !== '')?.text ?? '';
    return { provider: o.provider.name, model: o.model, outcome, answer, ...(error === undefined ? {} : { error }), turns, usage, messages };
  };

  for (let step = 1; step <= o.maxSteps; step++) {
    if (stop.stopped) return end('stopped', 'stopped by the user');
    const request: ModelRequest = { model: o.model, system: o.system, messages: [...messages], tools: offered.functions, maxTokens: o.maxTokens };
    emit({ type: 'turn-start', step, request });
    const started = o.clock();
    let reply: ModelReply;
    try {
      reply = await o.provider.complete(request, { stop, onText: (delta) => emit({ type: 'text', step, delta }) });
    } catch (err) {
      const latencyMs = Math.round(o.clock() - started);
      const stopped = stop.stopped || (err instanceof ModelError && err.kind === 'stopped');
      const message = stopped ? 'stopped by the user while the model was answering' : messageOf(err);
      emit({ type: 'model-error', step, message, latencyMs });
      return end(stopped ? 'stopped' : 'model-error', message);
    }
    const latencyMs = Math.round(o.clock() - started);
    addUsage(usage, reply.usage);
    emit({ type: 'turn-end', step, reply, latencyMs });
    const turn: ChatTurn = { step, text: reply.text, stopReason: reply.stopReason, usage: reply.usage, latencyMs, toolCalls: [] };
    turns.push(turn);
    messages.push({ role: 'assistant', text: reply.text, toolCalls: reply.toolCalls });
    if (reply.toolCalls.length === 0) return end('answer');

    const results: ToolResultMessage[] = [];
    for (const asked of reply.toolCalls) {
      const call = await runOne(o, offered.byName.get(asked.name), asked, step, stop, emit);
      turn.toolCalls.push(call);
      results.push({ callId: asked.id, name: asked.name, text: call.text, isError: call.isError });
      if (call.error?.code === 'CONNECTION_CLOSED') {
        messages.push({ role: 'tool', results });
        return end('connection-error', `the server's connection ended during ${call.name}: ${call.error.message}`);
      }
    }
    messages.push({ role: 'tool', results });
    if (stop.stopped) return end('stopped', 'stopped by the user');
  }
  return end('step-limit', `the step limit (${o.maxSteps} model requests) was reached before a final answer`);
}

async function runOne(
  o: ChatLoopOptions,
  tool: ToolLike | undefined,
  asked: ModelToolCall,
  step: number,
  stop: StopToken,
  emit: (e: ChatEvent) => void,
): Promise<ChatToolCall> {
  const call: ChatToolCall = {
    id: asked.id,
    name: tool?.name ?? asked.name,
    arguments: asked.arguments,
    approved: false,
    decision: 'declined',
    isError: true,
    text: '',
    seqs: [],
    ms: null,
  };
  if (!tool) return { ...call, decision: 'unknown-tool', text: `There is no tool named "${asked.name}".` };
  if (typeof asked.arguments === 'string')
    return { ...call, decision: 'bad-arguments', text: `The arguments were not a JSON object: ${asked.arguments.slice(0, 200)}` };
  if (stop.stopped) return { ...call, decision: 'stopped', text: 'Stopped by the user before this call ran.' };
  let decision: ChatToolCall['decision'];
  if (o.approval === 'all' || (o.approval === 'read-only' && isReadOnlyTool(tool))) decision = 'auto';
  else {
    emit({ type: 'approval', step, call });
    const yes = o.ask ? await o.ask(call, tool).catch(() => false) : false;
    decision = yes ? 'approved' : 'declined';
  }
  if (decision === 'declined') {
    const declined = { ...call, text: DECLINED_TEXT };
    emit({ type: 'tool-end', step, call: declined });
    return declined;
  }
  if (stop.stopped) return { ...call, decision: 'stopped', text: 'Stopped by the user before this call ran.' };
  const running: ChatToolCall = { ...call, approved: true, decision, isError: false };
  emit({ type: 'tool-start', step, call: running });
  let run: ToolRun;
  try {
    run = await o.runner.call(tool.name, asked.arguments ?? {}, stop);
  } catch (err) {
    run = { error: { code: 'CONNECTION_CLOSED', message: messageOf(err) }, seqs: [], ms: 0 };
  }
  const done: ChatToolCall = {
    ...running,
    ...(run.result === undefined ? {} : { result: run.result }),
    ...(run.error === undefined ? {} : { error: run.error }),
    isError: run.error !== undefined || (typeof run.result === 'object' && run.result !== null && (run.result as { isError?: unknown }).isError === true),
    text: run.error ? toolErrorText(run.error) : toolResultText(run.result),
    seqs: run.seqs,
    ms: run.ms,
  };
  emit({ type: 'tool-end', step, call: done });
  return done;
}
