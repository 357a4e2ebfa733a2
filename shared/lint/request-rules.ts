// Lint rules about what a request asks and how long it waits: arguments against the schemas the server listed, and
// requests that stay unanswered too long or are answered late.
import type { RuleMeta } from './lint-types.js';
import { mcpRef } from './spec-refs.js';

const TOOLS_CALL = mcpRef('2025-11-25', 'Server › Tools › Calling tools', '/server/tools#calling-tools');
const PROMPTS_GET = mcpRef('2025-11-25', 'Server › Prompts › Getting a prompt', '/server/prompts#getting-a-prompt');
const TIMEOUTS = mcpRef('2025-11-25', 'Basic › Lifecycle › Timeouts', '/basic/lifecycle#timeouts');

export const REQUEST_RULES = {
  'mcp/tool-arguments-schema': {
    severity: 'info',
    title: 'tools/call arguments fail the tool’s inputSchema',
    explanation:
      'The arguments of a tools/call should satisfy the inputSchema the server listed for that tool in its latest tools/list. The spec puts no keyword on the client here (the server MUST validate its inputs), so this is a note: expect an error (or an isError result); the mismatch is on the client’s side — deliberate when testing the server with "Send anyway".',
    spec: TOOLS_CALL,
    quote: { keyword: null, basis: 'guidance', text: 'inputSchema: JSON Schema defining expected parameters' },
    fix: 'Send arguments that match the tool’s inputSchema (required properties present, each of the declared type), or list the tools again if the schema changed.',
  },
  'mcp/prompt-arguments-missing': {
    severity: 'info',
    title: 'prompts/get without a required argument',
    explanation:
      'prompts/list declares each prompt’s arguments and which are required; a prompts/get that leaves out a required one (or sends a value that is not a string) cannot be filled in, and the server answers -32602.',
    spec: PROMPTS_GET,
    quote: {
      keyword: null,
      basis: 'guidance',
      text: 'required: Whether this argument must be provided. (A lowercase “must” in the schema’s description of PromptArgument: guidance.)',
    },
    fix: 'Pass every argument the prompt marks required, each as a string.',
  },
  'mcp/request-pending': {
    severity: 'info',
    title: 'Request waiting long for an answer',
    explanation:
      'The request has been in flight longer than the pending threshold (30 s by default) with no response, progress notwithstanding. The server may be slow, stuck, or may have dropped it; a client should time out and send notifications/cancelled rather than wait for ever.',
    spec: TIMEOUTS,
    quote: {
      keyword: null,
      basis: 'silent',
      text: 'The spec is silent on how long a request may take: it asks senders to set timeouts but names no duration; 30 s is mcpscope’s own threshold.',
    },
    fix: 'Check the server’s stderr for the request; if it is stuck, cancel the request. Long operations should send progress (and may reset the client’s timeout with it).',
  },
  'mcp/slow-response': {
    severity: 'info',
    title: 'Response arrived after the pending threshold',
    explanation:
      'The request was answered, but only after waiting longer than the pending threshold (30 s by default). Many clients time out well before that and will have given up on the answer.',
    spec: TIMEOUTS,
    quote: {
      keyword: null,
      basis: 'silent',
      text: 'The spec is silent on how long a request may take: it asks senders to set timeouts but names no duration; 30 s is mcpscope’s own threshold.',
    },
    fix: 'Answer faster, or send progress notifications while the work runs so the client knows it is alive.',
  },
} as const satisfies Record<string, RuleMeta>;
