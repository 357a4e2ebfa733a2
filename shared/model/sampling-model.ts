// A server's sampling/createMessage answered by a model: its params become one ModelRequest (messages, systemPrompt,
// maxTokens, temperature, stopSequences, includeContext as a system note, and from 2025-11-25 its tools and tool
// results), and the model's reply becomes a CreateMessageResult (text, or tool_use blocks with stopReason toolUse).
// The person sees and may edit both before anything is sent (the CLI asks at a terminal, the page shows a form).
import { isPlainObject } from '../jsonrpc.js';
import type { ChatMessage, ModelReply, ModelRequest, ModelToolCall, ToolResultMessage } from './chat-types.js';
import { offerTools, type ToolLike } from './tool-functions.js';
import { toolResultText } from './tool-result-text.js';

export interface SamplingContext {
  /** The configured model: sampling's modelPreferences can only hint, the person chose the model. */
  model: string;
  /** What includeContext "thisServer"/"allServers" adds: the server's name and instructions, as the client knows them. */
  serverContext?: string | undefined;
  /** The protocol version in use: tools in sampling exist from 2025-11-25. */
  protocolVersion?: string | undefined;
}

export interface SamplingPlan {
  request: ModelRequest;
  /** The model the server hinted at (modelPreferences.hints), shown beside the configured one. */
  hints: string[];
  /** Offered name → the tool's own name, for the tool_use blocks of the answer. */
  toolNames: Map<string, string>;
}

function blocks(content: unknown): unknown[] {
  return Array.isArray(content) ? content : [content];
}

function blockText(b: unknown): string {
  if (!isPlainObject(b)) return '';
  if (b.type === 'text' && typeof b.text === 'string') return b.text;
  if (b.type === 'image' || b.type === 'audio') return `[${b.type}${typeof b.mimeType === 'string' ? ` ${b.mimeType}` : ''}]`;
  return '';
}

/** The sampling messages as the loop's: text and media notes; tool_use on assistant turns, tool_result on user turns. */
function samplingMessages(messages: unknown): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const m of Array.isArray(messages) ? messages : []) {
    if (!isPlainObject(m)) continue;
    const items = blocks(m.content);
    const text = items
      .map(blockText)
      .filter((t) => t !== '')
      .join('\n');
    if (m.role === 'assistant') {
      const toolCalls: ModelToolCall[] = items.flatMap((b) =>
        isPlainObject(b) && b.type === 'tool_use' && typeof b.id === 'string' && typeof b.name === 'string'
          ? [{ id: b.id, name: b.name, arguments: isPlainObject(b.input) ? b.input : {} }]
          : [],
      );
      out.push({ role: 'assistant', text, toolCalls });
      continue;
    }
    const results: ToolResultMessage[] = items.flatMap((b) =>
      isPlainObject(b) && b.type === 'tool_result' && typeof b.toolUseId === 'string'
        ? [{ callId: b.toolUseId, name: '', text: toolResultText({ content: b.content, structuredContent: b.structuredContent }), isError: b.isError === true }]
        : [],
    );
    if (results.length > 0) out.push({ role: 'tool', results });
    if (text !== '' || results.length === 0) out.push({ role: 'user', text });
  }
  return out;
}

export function samplingPlan(params: unknown, context: SamplingContext): SamplingPlan {
  const p = isPlainObject(params) ? params : {};
  const hints =
    isPlainObject(p.modelPreferences) && Array.isArray(p.modelPreferences.hints)
      ? p.modelPreferences.hints.flatMap((h) => (isPlainObject(h) && typeof h.name === 'string' ? [h.name] : []))
      : [];
  const systemParts = typeof p.systemPrompt === 'string' && p.systemPrompt !== '' ? [p.systemPrompt] : [];
  if ((p.includeContext === 'thisServer' || p.includeContext === 'allServers') && context.serverContext) systemParts.push(context.serverContext);
  const toolChoice = isPlainObject(p.toolChoice) ? p.toolChoice.mode : undefined;
  const rawTools: ToolLike[] =
    toolChoice === 'none' || !Array.isArray(p.tools)
      ? []
      : p.tools.flatMap((t) =>
          isPlainObject(t) && typeof t.name === 'string'
            ? [{ name: t.name, description: typeof t.description === 'string' ? t.description : null, inputSchema: t.inputSchema }]
            : [],
        );
  const offered = offerTools(rawTools);
  const toolNames = new Map([...offered.byName].map(([offeredName, tool]) => [offeredName, tool.name]));
  const request: ModelRequest = {
    model: context.model,
    system: systemParts.length ? systemParts.join('\n\n') : undefined,
    messages: samplingMessages(p.messages),
    tools: offered.functions,
    maxTokens: typeof p.maxTokens === 'number' && p.maxTokens > 0 ? Math.floor(p.maxTokens) : undefined,
    temperature: typeof p.temperature === 'number' ? p.temperature : undefined,
    stopSequences: Array.isArray(p.stopSequences) ? p.stopSequences.filter((s): s is string => typeof s === 'string') : undefined,
  };
  return { request, hints, toolNames };
}

/** MCP's stopReason for the provider's word. */
function samplingStopReason(providerReason: string, toolCalls: number): string {
  if (toolCalls > 0) return 'toolUse';
  if (providerReason === 'length' || providerReason === 'max_tokens') return 'maxTokens';
  if (providerReason === 'stop_sequence') return 'stopSequence';
  return 'endTurn';
}

/** The CreateMessageResult for the model's reply (before the person edits it). */
export function samplingResult(reply: ModelReply, plan: SamplingPlan): Record<string, unknown> {
  const stopReason = samplingStopReason(reply.stopReason, reply.toolCalls.length);
  if (reply.toolCalls.length === 0) return { role: 'assistant', content: { type: 'text', text: reply.text }, model: plan.request.model, stopReason };
  const content: unknown[] = reply.text ? [{ type: 'text', text: reply.text }] : [];
  for (const c of reply.toolCalls)
    content.push({ type: 'tool_use', id: c.id, name: plan.toolNames.get(c.name) ?? c.name, input: isPlainObject(c.arguments) ? c.arguments : {} });
  return { role: 'assistant', content, model: plan.request.model, stopReason };
}
