// `mcpscope chat`'s run: the handshake on a CallSession, every tool listed and offered to the model, the loop to its
// end, and the transcript printed (text as it streams, or --json); the exit code says how the conversation ended.
import type { ChatEvent } from '../../shared/model/chat-loop.js';
import { runChat } from '../../shared/model/chat-loop.js';
import type { ChatTranscript, ModelProvider, StopToken } from '../../shared/model/chat-types.js';
import { escapeControls } from '../../shared/trust/escape-controls.js';
import { packageVersion } from '../package-root.js';
import type { CallSession } from '../call/call-session.js';
import type { ChatOptions } from './chat-args.js';
import { answerSamplingWithModel, type SampledAnswer } from './cli-sampling.js';
import { listAllTools, sessionToolRunner } from './session-tools.js';
import { describeCall, terminalYesNo } from './terminal-approval.js';

export const CHAT_EXIT = { answer: 0, usage: 2, failed: 2, stepLimit: 3, strict: 4, interrupted: 130 } as const;

/** The handshake's wait: a server's start-up counts against its first answer. */
const HANDSHAKE_TIMEOUT_MS = 30_000;

export interface ChatOutput {
  out(text: string): void;
  note(text: string): void;
}

export interface ChatResult {
  code: number;
  transcript: ChatTranscript | null;
  sampling: SampledAnswer[];
}

function printEvent(e: ChatEvent, out: ChatOutput): void {
  if (e.type === 'text') out.out(e.delta.split('\n').map(escapeControls).join('\n'));
  else if (e.type === 'turn-end') {
    const u = e.reply.usage;
    if (e.reply.text) out.out('\n');
    out.note(`step ${e.step}: ${e.reply.stopReason}, ${e.latencyMs} ms${u ? `, ${u.inputTokens} tokens in, ${u.outputTokens} out` : ''}`);
  } else if (e.type === 'tool-end') {
    const c = e.call;
    const where = c.seqs.length ? ` [frames ${c.seqs.join(', ')}]` : '';
    const took = c.ms === null ? '' : ` ${c.ms} ms`;
    const text = escapeControls(c.text.length > 200 ? `${c.text.slice(0, 200)}…` : c.text);
    out.out(
      `→ ${escapeControls(c.name)} ${escapeControls(JSON.stringify(c.arguments ?? {}))} (${c.decision})${took}${where}\n← ${c.isError ? 'error: ' : ''}${text}\n`,
    );
  }
}

/** `providers.sampling` answers the server's sampling requests (the same model; its exchanges are recorded as sampling). */
export async function runChatSession(
  session: CallSession,
  o: ChatOptions,
  providers: { chat: ModelProvider; sampling: ModelProvider },
  stop: StopToken,
  output: ChatOutput,
): Promise<ChatResult> {
  const provider = providers.chat;
  const ask = terminalYesNo();
  const sampling: SampledAnswer[] = [];
  if (o.sampling) {
    answerSamplingWithModel(session.engine, {
      provider: providers.sampling,
      model: o.model,
      models: o.models,
      auto: o.approval === 'all',
      ask,
      stop,
      note: output.note,
      answered: sampling,
      serverContext: () => {
        const conn = session.engine.connection;
        const info = conn?.result.serverInfo as { name?: unknown } | undefined;
        const instructions = conn?.result.instructions;
        return (
          [typeof info?.name === 'string' ? `The MCP server is ${info.name}.` : '', typeof instructions === 'string' ? instructions : '']
            .filter(Boolean)
            .join('\n') || undefined
        );
      },
    });
  }
  await session.start();
  await session.engine.connect({
    protocolVersion: o.protocolVersion,
    clientInfo: { name: 'mcpscope', version: packageVersion() },
    timeoutMs: Math.max(o.timeoutMs, HANDSHAKE_TIMEOUT_MS),
  });
  const tools = session.engine.capabilityWarning('tools/list') === null ? await listAllTools(session, o.timeoutMs) : [];
  output.note(
    `offering ${tools.length} tool${tools.length === 1 ? '' : 's'} to ${o.provider} model ${escapeControls(o.model)}; approval: ${o.approval === 'ask' ? 'ask' : `auto for ${o.approval}`}`,
  );
  if (o.approval !== 'all' && !ask)
    output.note(
      `no terminal to ask at: every tool call ${o.approval === 'ask' ? '' : 'to a tool not annotated read-only '}will be declined (use --approve all${o.approval === 'ask' ? ' or --approve read-only' : ''})`,
    );

  const transcript = await runChat({
    provider,
    model: o.model,
    system: o.system,
    prompt: o.prompt,
    tools,
    runner: sessionToolRunner(session, o.timeoutMs),
    approval: o.approval,
    ...(ask ? { ask: (call: { name: string; arguments: unknown }) => ask(describeCall(call.name, call.arguments)) } : {}),
    maxSteps: o.maxSteps,
    maxTokens: o.maxTokens,
    stop,
    clock: () => performance.now(),
    onEvent: (e) => {
      // Said even with --json (on stderr): a person or a script watching knows a call is in flight.
      if (e.type === 'tool-start') output.note(`step ${e.step}: calling ${escapeControls(e.call.name)}`);
      else if (!o.json) printEvent(e, output);
    },
  });
  const { messages: _messages, ...report } = transcript;
  return { code: exitOf(report.outcome), transcript: report, sampling };
}

function exitOf(outcome: ChatTranscript['outcome']): number {
  if (outcome === 'answer') return CHAT_EXIT.answer;
  if (outcome === 'step-limit') return CHAT_EXIT.stepLimit;
  if (outcome === 'stopped') return CHAT_EXIT.interrupted;
  return CHAT_EXIT.failed;
}
