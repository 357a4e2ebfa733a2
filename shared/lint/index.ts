// The lint engine and its rule catalogue, in one import.
export * from './lint-types.js';
export { RULES, RULE_IDS, ruleMeta, type RuleId } from './rules.js';
export { FindingSchema } from './finding-schema.js';
export { Linter, lintFrames } from './linter.js';
export { DEFAULT_SLOW_AFTER_MS, type LinterOptions, type JsonSchemaValidatorProvider } from './lint-context.js';
export type { Era } from './mcp-session.js';
export { specUrlFor } from './spec-refs.js';
export { MCP_METHODS, checkMethod, type MethodSpec } from './mcp-methods.js';
export { CAPABILITY_GATES, type KnownCapabilities } from './capability-gates.js';
export { VERSIONED_FIELDS } from './version-fields.js';
export { JsonSchemaValidator } from './json-schema-validator.js';
export { parseTranscript, TranscriptError } from './parse-transcript.js';
export { lintTransport } from './lint-transport.js';
