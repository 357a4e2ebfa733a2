// The Anthropic Messages adapter, through the official `@anthropic-ai/sdk`: the loop's neutral messages become
// content blocks (tool_use answered by tool_result in the next user message), its stream or its one reply a ModelReply.
import Anthropic from '@anthropic-ai/sdk';
import type { ChatMessage, ModelCallOptions, ModelProvider, ModelReply, ModelRequest, ModelToolCall } from '../../shared/model/chat-types.js';
import type { ProviderSettings } from './openai-provider.js';
import { parseToolArguments, recordedCall } from './provider-common.js';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
/** The Messages API needs max_tokens; this is what a chat asks for when nobody said. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

type AnthropicMessage = Anthropic.MessageParam;

export function anthropicMessages(messages: readonly ChatMessage[]): AnthropicMessage[] {
  const out: AnthropicMessage[] = [];
  for (const m of messages) {
    if (m.role === 'user') out.push({ role: 'user', content: m.text });
    else if (m.role === 'assistant') {
      const content: Anthropic.ContentBlockParam[] = [];
      if (m.text) content.push({ type: 'text', text: m.text });
      for (const c of m.toolCalls)
        content.push({ type: 'tool_use', id: c.id, name: c.name, input: typeof c.arguments === 'object' && c.arguments !== null ? c.arguments : {} });
      out.push({ role: 'assistant', content: content.length ? content : [{ type: 'text', text: '(no text)' }] });
    } else
      out.push({
        role: 'user',
        content: m.results.map((r) => ({ type: 'tool_result' as const, tool_use_id: r.callId, content: r.text, ...(r.isError ? { is_error: true } : {}) })),
      });
  }
  return out;
}

export function anthropicBody(request: ModelRequest) {
  return {
    model: request.model,
    max_tokens: request.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    ...(request.system ? { system: request.system } : {}),
    messages: anthropicMessages(request.messages),
    ...(request.tools.length
      ? { tools: request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: { type: 'object' as const, ...t.parameters } })) }
      : {}),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.stopSequences?.length ? { stop_sequences: request.stopSequences } : {}),
  };
}

export class AnthropicProvider implements ModelProvider {
  readonly name = 'anthropic' as const;
  private readonly client: Anthropic;
  private readonly url: string;

  constructor(private readonly settings: ProviderSettings) {
    const baseURL = settings.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL;
    this.client = new Anthropic({ apiKey: settings.apiKey, baseURL, maxRetries: 0, timeout: settings.timeoutMs ?? 300_000 });
    this.url = `${baseURL.replace(/\/+$/, '')}/v1/messages`;
  }

  complete(request: ModelRequest, options: ModelCallOptions = {}): Promise<ModelReply> {
    const body = anthropicBody(request);
    return recordedCall('anthropic', this.settings, this.url, body, options.stop, (signal) =>
      this.settings.stream ? this.streamed(body, signal, options) : this.whole(body, signal),
    );
  }

  private async whole(body: ReturnType<typeof anthropicBody>, signal: AbortSignal): Promise<ModelReply> {
    const message = await this.client.messages.create({ ...body, stream: false }, { signal });
    let text = '';
    const toolCalls: ModelToolCall[] = [];
    for (const block of message.content) {
      if (block.type === 'text') text += block.text;
      else if (block.type === 'tool_use') toolCalls.push({ id: block.id, name: block.name, arguments: block.input });
    }
    return {
      text,
      toolCalls,
      stopReason: message.stop_reason ?? 'unknown',
      usage: { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens },
    };
  }

  private async streamed(body: ReturnType<typeof anthropicBody>, signal: AbortSignal, options: ModelCallOptions): Promise<ModelReply> {
    const stream = await this.client.messages.create({ ...body, stream: true }, { signal });
    let text = '';
    let stopReason = 'unknown';
    let inputTokens = 0;
    let outputTokens = 0;
    const calls = new Map<number, { id: string; name: string; json: string }>();
    for await (const event of stream) {
      if (event.type === 'message_start') {
        inputTokens = event.message.usage.input_tokens;
        outputTokens = event.message.usage.output_tokens;
      } else if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
        calls.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
      } else if (event.type === 'content_block_delta') {
        if (event.delta.type === 'text_delta') {
          text += event.delta.text;
          options.onText?.(event.delta.text);
        } else if (event.delta.type === 'input_json_delta') {
          const call = calls.get(event.index);
          if (call) call.json += event.delta.partial_json;
        }
      } else if (event.type === 'message_delta') {
        if (event.delta.stop_reason) stopReason = event.delta.stop_reason;
        outputTokens = event.usage.output_tokens;
      }
    }
    const toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => ({ id: c.id, name: c.name, arguments: parseToolArguments(c.json) }));
    return { text, toolCalls, stopReason, usage: { inputTokens, outputTokens } };
  }
}
