// Parses `mcpscope chat` arguments into options; pure (the key is looked up by the caller), so every flag and usage
// error can be checked without a server or a provider.
import { DEFAULT_PROTOCOL_VERSION } from '../../shared/mcp-versions.js';
import { PROVIDERS, type ApprovalMode, type ProviderName } from '../../shared/model/chat-types.js';
import type { Target } from '../../shared/relay-protocol.js';
import { CONFIG_FLAGS, REMOTE_FLAGS, STDIO_FLAGS, configChoice, defaultDataDir } from '../cli/common-flags.js';
import type { ConfigChoice } from '../cli/config-target.js';
import { UsageError, onOff, parseFlags, value } from '../cli/flags.js';
import { OAUTH_FLAGS, oauthConfig } from '../cli/oauth-args.js';
import { milliseconds, nonEmpty, oneOf, wholeNumber } from '../cli/validators.js';
import { targetOf } from '../call/call-args.js';
import { KEY_ENV } from './create-provider.js';

const DEFAULT_MAX_STEPS = 10;
const TOOL_TIMEOUT_MS = 60_000;

/** The command line's words for the approval modes: `none` approves nothing on its own (asks at a terminal). */
const APPROVE = ['all', 'read-only', 'none'] as const;
const APPROVAL_OF: Record<(typeof APPROVE)[number], ApprovalMode> = { all: 'all', 'read-only': 'read-only', none: 'ask' };

const SAMPLING_CHOICES = ['model', 'none'] as const;

export interface ChatOptions {
  provider: ProviderName;
  baseUrl: string | undefined;
  model: string;
  prompt: string;
  system: string | undefined;
  maxSteps: number;
  maxTokens: number | undefined;
  approval: ApprovalMode;
  /** The environment variable that holds the key. */
  keyEnv: string;
  json: boolean;
  stream: boolean;
  /** sampling/createMessage answered by the same model (`--sampling model`), approved like a tool call. */
  sampling: boolean;
  /** Other models the provider offers (`--models`): a sampling request's modelPreferences hints pick among them. */
  models: string[];
  /** Keep the chat's frames and model exchanges in the store as a session (`--record`). */
  record: boolean;
  timeoutMs: number;
  lint: boolean;
  strict: boolean;
  protocolVersion: string;
  dataDir: string | null;
  target: Target;
}

export const CHAT_FLAGS = {
  provider: value('<p>', 'openai (any OpenAI-compatible Chat Completions endpoint) or anthropic (the Messages API)', oneOf(PROVIDERS)),
  'base-url': value(
    '<url>',
    "the provider's API base, e.g. http://127.0.0.1:11434/v1 for Ollama (default: the provider's own)",
    nonEmpty('http://127.0.0.1:11434/v1'),
  ),
  model: value('<m>', 'the model to ask', nonEmpty('a model name')),
  prompt: value('<text>', "the person's message that starts the conversation"),
  system: value('<text>', 'a system prompt'),
  'max-steps': value(
    '<n>',
    `how many model requests the conversation may make (default ${DEFAULT_MAX_STEPS}); exit 3 when it ends there`,
    wholeNumber(1, 1000),
  ),
  'max-tokens': value('<n>', 'the most tokens a reply may have (Anthropic default 4096)', wholeNumber(1, 1_000_000)),
  approve: value(
    '<mode>',
    'which tool calls run without asking: all, read-only (tools annotated readOnlyHint) or none\n(default: every call is asked about at a terminal, and declined when there is none)',
    oneOf(APPROVE),
  ),
  'api-key-env': value('<NAME>', `the environment variable holding the key (default ${KEY_ENV.openai} or ${KEY_ENV.anthropic})`, nonEmpty('MY_KEY')),
  sampling: value(
    '<who>',
    "model: answer the server's sampling/createMessage with the same model, approved like a\ntool call (--approve all approves it); none (default): refuse it (-32601)",
    oneOf(SAMPLING_CHOICES),
  ),
  models: value(
    '<list>',
    "other models the provider offers, comma-separated: a sampling request's modelPreferences hints\npick among these and --model (docs/chat.md#which-model-answers)",
    (text) =>
      text
        .split(',')
        .map((m) => m.trim())
        .filter((m) => m !== ''),
  ),
  record: onOff(
    "keep the chat in the inspector's store as a session: its frames and each model request as an\nevent (the sequence view's model lane), the key masked",
  ),
  json: onOff('print the transcript as JSON: the turns, each tool call with its arguments, result, isError and\nframe seqs, and the usage'),
  'no-stream': onOff('ask the provider for whole replies instead of a stream'),
  timeout: value('<ms>', `how long one tool call may take (default ${TOOL_TIMEOUT_MS})`, milliseconds(1)),
  lint: onOff("lint every frame of the chat's MCP session; findings go to stderr as JSON lines"),
  strict: onOff('with --lint (implies it): exit 4 when a finding is a warning or an error'),
  protocol: value('<version>', `the version to offer (default ${DEFAULT_PROTOCOL_VERSION})`, nonEmpty('a version such as 2025-11-25')),
  ...REMOTE_FLAGS,
  ...OAUTH_FLAGS,
  'data-dir': value('<dir>', `where OAuth tokens are cached, --record writes and a stdio run is noted for cleanup\n(default: ${defaultDataDir()})`),
  ...STDIO_FLAGS,
  ...CONFIG_FLAGS,
};

export type ParsedChatArgs = Omit<ChatOptions, 'target'> & { target: Target | null; config: ConfigChoice | null };

function required<T>(v: T | undefined, flag: string, example: string): T {
  if (v === undefined) throw new UsageError(`${flag} is required, e.g. ${flag} ${example}`);
  return v;
}

export function parseChatArgs(argv: string[]): ParsedChatArgs {
  const p = parseFlags(argv, CHAT_FLAGS, { positionalHint: 'put the server command after --' });
  const v = p.values;
  const provider = required(v.provider, '--provider', 'openai');
  const prompt = required(v.prompt, '--prompt', '"What is 2 + 3?"');
  if (prompt.trim() === '') throw new UsageError('--prompt needs some text');
  const config = configChoice(v, p.command);
  if (config && oauthConfig(v)) throw new UsageError('--auth and the OAuth options go with --url');
  return {
    provider,
    baseUrl: v['base-url'],
    model: required(v.model, '--model', provider === 'openai' ? 'gpt-4o-mini' : 'claude-sonnet-4-5'),
    prompt,
    system: v.system,
    maxSteps: v['max-steps'] ?? DEFAULT_MAX_STEPS,
    maxTokens: v['max-tokens'],
    approval: APPROVAL_OF[v.approve ?? 'none'],
    keyEnv: v['api-key-env'] ?? KEY_ENV[provider],
    json: v.json === true,
    stream: v['no-stream'] !== true,
    sampling: v.sampling === 'model',
    models: v.models ?? [],
    record: v.record === true,
    timeoutMs: v.timeout ?? TOOL_TIMEOUT_MS,
    lint: v.lint === true || v.strict === true,
    strict: v.strict === true,
    protocolVersion: v.protocol ?? DEFAULT_PROTOCOL_VERSION,
    dataDir: v['data-dir'] ?? null,
    target: config ? null : targetOf(v, p.command),
    config,
  };
}
