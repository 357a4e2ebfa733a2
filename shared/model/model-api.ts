// The relay routes of the Chat tab, their shapes once (zod): the model settings (never the key itself, which only
// goes in), and one model request proxied through the relay with the key it keeps, recorded in the session.
import { z } from 'zod';
import { PROVIDERS } from './chat-types.js';

const ProviderNameSchema = z.enum(PROVIDERS);

/** What the page may know about the model settings: where the key comes from, never what it is. */
export const ModelSettingsViewSchema = z.object({
  provider: ProviderNameSchema.nullable(),
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  /** Other models the provider offers: a sampling request's modelPreferences hints pick among these and `model`. */
  models: z.array(z.string()),
  /** env: the relay's OPENAI_API_KEY / ANTHROPIC_API_KEY; stored: typed in the page, kept in secrets.json. */
  keySource: z.enum(['env', 'stored', 'none']),
});
export type ModelSettingsView = z.infer<typeof ModelSettingsViewSchema>;

export const SaveModelSettingsSchema = z.object({
  provider: ProviderNameSchema,
  baseUrl: z.string().url().max(2000).nullable().optional(),
  model: z.string().min(1).max(200),
  /** Other models the provider offers (for sampling's hints); absent: keep the list there is. */
  models: z.array(z.string().min(1).max(200)).max(50).optional(),
  /** A new key for this provider (kept in the relay's secret store); absent: keep the one there is. */
  apiKey: z.string().min(1).max(1000).optional(),
  forgetKey: z.boolean().optional(),
});
export type SaveModelSettings = z.infer<typeof SaveModelSettingsSchema>;

const ToolCallSchema = z.object({ id: z.string(), name: z.string(), arguments: z.unknown() });
const ChatMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), text: z.string() }),
  z.object({ role: z.literal('assistant'), text: z.string(), toolCalls: z.array(ToolCallSchema) }),
  z.object({ role: z.literal('tool'), results: z.array(z.object({ callId: z.string(), name: z.string(), text: z.string(), isError: z.boolean() })) }),
]);

const ModelRequestSchema = z.object({
  model: z.string().min(1),
  system: z.string().optional(),
  messages: z.array(ChatMessageSchema).max(500),
  tools: z.array(z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) })).max(500),
  maxTokens: z.number().int().positive().optional(),
  temperature: z.number().optional(),
  stopSequences: z.array(z.string()).optional(),
});

export const ModelCompleteBodySchema = z.object({
  /** The page's own id for this request, so Stop can name it. */
  requestId: z.string().min(1).max(100),
  /** What the request is for: a chat step, or a server's sampling request being answered. */
  purpose: z.enum(['chat', 'sampling']),
  request: ModelRequestSchema,
});

export const ModelReplySchema = z.object({
  text: z.string(),
  toolCalls: z.array(ToolCallSchema),
  stopReason: z.string(),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }).nullable(),
  /** The seq of the model-exchange event recorded in the session. */
  seq: z.number().int(),
  latencyMs: z.number(),
});

export const ModelStopBodySchema = z.object({ requestId: z.string().min(1).max(100) });
