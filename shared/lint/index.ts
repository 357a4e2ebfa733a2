// The lint engine and its rule catalogue, in one import.
export * from './lint-types.js';
export { RULES, RULE_IDS, ruleMeta, type RuleId } from './rules.js';
export { Linter, lintFrames } from './linter.js';
export { DEFAULT_SLOW_AFTER_MS, type LinterOptions } from './lint-context.js';
export { specUrlFor } from './spec-refs.js';
export { JsonSchemaValidator } from './json-schema-validator.js';
export { parseTranscript, TranscriptError } from './parse-transcript.js';
export { lintTransport } from './lint-transport.js';
