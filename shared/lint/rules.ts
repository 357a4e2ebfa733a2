// The whole rule catalogue, so the UI can render a reference and findings can be looked up by id.
import type { RuleMeta } from './lint-types.js';
import { JSONRPC_RULES } from './jsonrpc-rules.js';
import { FRAMING_RULES } from './framing-rules.js';
import { MCP_RULES } from './mcp-rules.js';
import { HTTP_RULES } from './http-rules.js';
import { REQUEST_RULES } from './request-rules.js';
import { AUTH_RULES } from './auth-rules.js';
import { TRACE_RULES } from './trace-rules.js';

export const RULES = {
  ...JSONRPC_RULES,
  ...FRAMING_RULES,
  ...MCP_RULES,
  ...REQUEST_RULES,
  ...HTTP_RULES,
  ...AUTH_RULES,
  ...TRACE_RULES,
} as const satisfies Record<string, RuleMeta>;
export type RuleId = keyof typeof RULES;

export const RULE_IDS = Object.keys(RULES) as RuleId[];

export function ruleMeta(id: string): RuleMeta | undefined {
  return (RULES as Record<string, RuleMeta>)[id];
}
