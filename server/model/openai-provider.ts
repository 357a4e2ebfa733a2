// The OpenAI-compatible Chat Completions adapter (OpenAI, Ollama, LM Studio, vLLM, OpenRouter…), through the official
// `openai` SDK: the loop's neutral messages become the API's, its stream or its one reply becomes a ModelReply.
import OpenAI from 'openai';
import type { ChatMessage, ModelCallOptions, ModelProvider, ModelReply, ModelRequest, ModelToolCall } from '../../shared/model/chat-types.js';
import { parseToolArguments, recordedCall } from './provider-common.js';
import type { ExchangeListener } from './provider-exchange.js';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface ProviderSettings {
  apiKey: string;
  baseUrl?: string | undefined;
  stream: boolean;
  onExchange?: ExchangeListener | undefined;
  timeoutMs?: number | undefined;
}

type OpenAiMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

export function openAiMessages(system: string | undefined, messages: readonly ChatMessage[]): OpenAiMessage[] {
  const out: OpenAiMessage[] = system ? [{ role: 'system', content: system }] : [];
  for (const m of messages) {
    if (m.role === 'user') out.push({ role: 'user', content: m.text });
    else if (m.role === 'assistant')
      out.push({
        role: 'assistant',
        content: m.text || null,
        ...(m.toolCalls.length
          ? {
              tool_calls: m.toolCalls.map((c) => ({
                id: c.id,
                type: 'function' as const,
                function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}) },
              })),
            }
          : {}),
      });
    else for (const r of m.results) out.push({ role: 'tool', tool_call_id: r.callId, content: r.text });
  }
  return out;
}

export function openAiBody(request: ModelRequest) {
  return {
    model: request.model,
    messages: openAiMessages(request.system, request.messages),
    ...(request.tools.length
      ? { tools: request.tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } })) }
      : {}),
    ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.stopSequences?.length ? { stop: request.stopSequences } : {}),
  };
}

export class OpenAiProvider implements ModelProvider {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;
  private readonly url: string;

  constructor(private readonly settings: ProviderSettings) {
    const baseURL = settings.baseUrl ?? OPENAI_DEFAULT_BASE_URL;
    // No retries: a 429 is shown to the person as it came (they chose the provider and pay for it); a timeout is ours.
    this.client = new OpenAI({ apiKey: settings.apiKey, baseURL, maxRetries: 0, timeout: settings.timeoutMs ?? 300_000 });
    this.url = `${baseURL.replace(/\/+$/, '')}/chat/completions`;
  }

  complete(request: ModelRequest, options: ModelCallOptions = {}): Promise<ModelReply> {
    const body = openAiBody(request);
    return recordedCall('openai', this.settings, this.url, body, options.stop, (signal) =>
      this.settings.stream ? this.streamed(body, signal, options) : this.whole(body, signal),
    );
  }

  private async whole(body: ReturnType<typeof openAiBody>, signal: AbortSignal): Promise<ModelReply> {
    const completion = await this.client.chat.completions.create({ ...body, stream: false }, { signal });
    const choice = completion.choices[0];
    const message = choice?.message;
    const toolCalls: ModelToolCall[] = (message?.tool_calls ?? []).flatMap((c) =>
      c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: parseToolArguments(c.function.arguments) }] : [],
    );
    return {
      text: message?.content ?? '',
      toolCalls,
      stopReason: choice?.finish_reason ?? 'unknown',
      usage: completion.usage ? { inputTokens: completion.usage.prompt_tokens, outputTokens: completion.usage.completion_tokens } : null,
    };
  }

  private async streamed(body: ReturnType<typeof openAiBody>, signal: AbortSignal, options: ModelCallOptions): Promise<ModelReply> {
    const stream = await this.client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } }, { signal });
    let text = '';
    let stopReason = 'unknown';
    let usage: ModelReply['usage'] = null;
    const calls = new Map<number, { id: string; name: string; args: string }>();
    for await (const chunk of stream) {
      if (chunk.usage) usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      const choice = chunk.choices[0];
      if (!choice) continue;
      const delta = choice.delta;
      if (delta?.content) {
        text += delta.content;
        options.onText?.(delta.content);
      }
      for (const part of delta?.tool_calls ?? []) {
        const call = calls.get(part.index) ?? { id: '', name: '', args: '' };
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name += part.function.name;
        if (part.function?.arguments) call.args += part.function.arguments;
        calls.set(part.index, call);
      }
      if (choice.finish_reason) stopReason = choice.finish_reason;
    }
    const toolCalls = [...calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([i, c]) => ({ id: c.id || `call_${i}`, name: c.name, arguments: parseToolArguments(c.args) }));
    return { text, toolCalls, stopReason, usage };
  }
}
