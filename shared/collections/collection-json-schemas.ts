// The JSON Schemas the package ships for collections, made from the zod shapes so they cannot drift:
// schemas/collection.v1.json (the file) and schemas/run-report.v1.json (`mcpscope run --json`); scripts/write-check-schema.mjs
// writes them and test/unit/collections/collection-schemas.test.ts fails when the committed files disagree.
import { z } from 'zod';
import { CollectionSchema, RunReportSchema } from './collection-schema.js';

export const COLLECTION_SCHEMA_FILE = 'schemas/collection.v1.json';
export const RUN_REPORT_SCHEMA_FILE = 'schemas/run-report.v1.json';

function withTitle(schema: z.ZodType, title: string, description: string): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { $schema, title, description, ...rest };
}

export function collectionJsonSchema(): Record<string, unknown> {
  return withTitle(
    CollectionSchema,
    'mcpscope collection, version 1',
    'Saved MCP calls as named steps (method, params with ${env.NAME} and ${steps.<name>.result/<pointer>} variables) with assertions, run by `mcpscope run <file>` and by the inspector page.',
  );
}

export function runReportJsonSchema(): Record<string, unknown> {
  return withTitle(
    RunReportSchema,
    'mcpscope run report, version 1',
    "What `mcpscope run --json` prints: each step with its status, its assertions graded, its latency, its response and its frames (seqs on the run's connection; with a recorded session id, #session=<id>&seq=<n> opens one). Fields may be added within v1; none is removed or changes meaning.",
  );
}
