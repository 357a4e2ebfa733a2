// A server's sampling/createMessage answered by a model: its params become one ModelRequest (messages, systemPrompt,
// maxTokens, temperature, stopSequences, includeContext as a system note, and from 2025-11-25 its tools and tool
// results), and the model's reply becomes a CreateMessageResult (text, or tool_use blocks with stopReason toolUse).
// The person sees and may edit both before anything is sent (the CLI asks at a terminal, the page shows a form), unless
// they chose to let the model answer on its own. modelPreferences' hints pick among the models the person listed.
import { isPlainObject } from '../jsonrpc.js';
import type { ChatMessage, ModelReply, ModelRequest, ModelToolCall, ToolResultMessage } from './chat-types.js';
import { offerTools, type ToolLike } from './tool-functions.js';
import { toolResultText } from './tool-result-text.js';

export interface SamplingContext {
  /** The configured model: the answer's model unless a hint names one of `offered`. */
  model: string;
  /** Other models the person said the provider offers (settings, `--models`): the only ones a hint may switch to. */
  offered?: readonly string[] | undefined;
  /** What includeContext "thisServer"/"allServers" adds: the server's name and instructions, as the client knows them. */
  serverContext?: string | undefined;
  /** The protocol version in use: tools in sampling exist from 2025-11-25. */
  protocolVersion?: string | undefined;
}

export interface SamplingPlan {
  request: ModelRequest;
  /** The model the server hinted at (modelPreferences.hints), shown beside the configured one. */
  hints: string[];
  /** The hint that chose the model (request.model), or null when the configured model answers. */
  chosenBy: string | null;
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

/**
 * The model a sampling request is answered by. The spec makes hints substrings of a model name, taken in order, and
 * leaves the mapping to the client; mcpscope only picks among the models the person listed, never one it guessed:
 * for each hint in order, the first of (the configured model, then the listed ones) whose name contains the hint,
 * ignoring case; when no hint matches, the configured model.
 */
export function modelFromHints(hints: readonly string[], configured: string, offered: readonly string[] = []): { model: string; hint: string | null } {
  const candidates = [configured, ...offered.filter((m) => m !== configured)];
  for (const hint of hints) {
    const wanted = hint.trim().toLowerCase();
    if (wanted === '') continue;
    const found = candidates.find((m) => m.toLowerCase().includes(wanted));
    if (found !== undefined) return { model: found, hint };
  }
  return { model: configured, hint: null };
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
  const picked = modelFromHints(hints, context.model, context.offered);
  const request: ModelRequest = {
    model: picked.model,
    system: systemParts.length ? systemParts.join('\n\n') : undefined,
    messages: samplingMessages(p.messages),
    tools: offered.functions,
    maxTokens: typeof p.maxTokens === 'number' && p.maxTokens > 0 ? Math.floor(p.maxTokens) : undefined,
    temperature: typeof p.temperature === 'number' ? p.temperature : undefined,
    stopSequences: Array.isArray(p.stopSequences) ? p.stopSequences.filter((s): s is string => typeof s === 'string') : undefined,
  };
  return { request, hints, chosenBy: picked.hint, toolNames };
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

/** What the hints did, in words both the CLI and the page show; empty when the server gave none. */
export function hintNote(plan: SamplingPlan): string {
  if (plan.hints.length === 0) return '';
  const hinted = `the server hinted ${plan.hints.join(', ')}`;
  return plan.chosenBy !== null
    ? `${hinted}; answered by ${plan.request.model} (matches "${plan.chosenBy}")`
    : `${hinted}; answered by the configured ${plan.request.model} (no listed model matches)`;
}
