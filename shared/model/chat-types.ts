// The conversation's own shapes, provider-neutral: what the loop keeps, what a provider adapter turns into its API's
// messages, and the transcript `mcpscope chat --json` prints and the Chat tab draws.

export const PROVIDERS = ['openai', 'anthropic'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** ask: a person says yes to every call; read-only: tools annotated readOnlyHint run on their own; all: every call runs. */
export const APPROVAL_MODES = ['ask', 'read-only', 'all'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** A tool as offered to a model: a name the provider accepts, mapped back to the MCP tool's own name. */
export interface ToolFunction {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ModelToolCall {
  /** The provider's id for this call, echoed back with its result. */
  id: string;
  /** The function name the model used (the offered name, see ToolFunction). */
  name: string;
  /** The arguments as the model gave them: an object when they parsed, else the raw text. */
  arguments: unknown;
}

export interface ToolResultMessage {
  callId: string;
  name: string;
  text: string;
  isError: boolean;
}

export type ChatMessage =
  { role: 'user'; text: string } | { role: 'assistant'; text: string; toolCalls: ModelToolCall[] } | { role: 'tool'; results: ToolResultMessage[] };

export interface ModelRequest {
  model: string;
  system?: string | undefined;
  messages: ChatMessage[];
  tools: ToolFunction[];
  maxTokens?: number | undefined;
  temperature?: number | undefined;
  stopSequences?: string[] | undefined;
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ModelReply {
  text: string;
  toolCalls: ModelToolCall[];
  /** The provider's own word for why it stopped (tool_calls, stop, end_turn, tool_use, max_tokens…). */
  stopReason: string;
  usage: ModelUsage | null;
}

/** A way to be told that the person pressed Stop (Ctrl-C in the CLI); shared/ has no AbortSignal of its own. */
export interface StopToken {
  readonly stopped: boolean;
  /** Calls `fn` once on stop (at once if already stopped); returns a function that forgets it. */
  onStop(fn: () => void): () => void;
}

export interface ModelCallOptions {
  stop?: StopToken | undefined;
  /** Each piece of text as it streams in. */
  onText?: ((delta: string) => void) | undefined;
}

/** One provider's API behind one call; the adapters live in server/model/ (the keys never reach shared code). */
export interface ModelProvider {
  readonly name: ProviderName;
  complete(request: ModelRequest, options?: ModelCallOptions): Promise<ModelReply>;
}

/** A tool call as the transcript reports it: what the model asked, whether it ran, what came back and where on the wire. */
export interface ChatToolCall {
  id: string;
  /** The MCP tool's name (not the offered name when that had to be changed). */
  name: string;
  arguments: unknown;
  /** true: it ran (asked and approved, or approved by the mode); false: refused, unknown tool or not run. */
  approved: boolean;
  /** How it was approved or why it did not run. */
  decision: 'approved' | 'auto' | 'declined' | 'unknown-tool' | 'stopped' | 'bad-arguments';
  /** The tools/call result as the server sent it; absent when the call did not run or got a JSON-RPC error. */
  result?: unknown;
  /** A JSON-RPC error response, or a local failure (timeout, connection closed). */
  error?: { code: number | string; message: string };
  isError: boolean;
  /** The text handed back to the model. */
  text: string;
  /** The seqs of the request's and its response's frames in the session log (request first). */
  seqs: number[];
  ms: number | null;
}

export interface ChatTurn {
  step: number;
  text: string;
  stopReason: string;
  usage: ModelUsage | null;
  /** From sending the request to the model's last byte. */
  latencyMs: number;
  toolCalls: ChatToolCall[];
}

export type ChatOutcome = 'answer' | 'step-limit' | 'stopped' | 'model-error' | 'connection-error';

export interface ChatTranscript {
  provider: ProviderName;
  model: string;
  outcome: ChatOutcome;
  /** The model's final text (outcome answer), else the last text it gave. */
  answer: string;
  /** Why it ended other than with an answer: the provider's error, the step limit, Stop. */
  error?: string;
  turns: ChatTurn[];
  usage: ModelUsage;
}
