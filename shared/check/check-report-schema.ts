// The JSON Schema of `mcpscope check --json`, made from the report's zod schema so the two cannot drift: the package
// ships it as schemas/check-report.v1.json (scripts/write-check-schema.mjs writes it; a unit test compares).
import { z } from 'zod';
import { CheckReportSchema } from './check-types.js';

/** The report's version: a change that breaks a reader of v1 ships as a new file beside this one, never over it. */
export const CHECK_REPORT_SCHEMA_FILE = 'schemas/check-report.v1.json';

export function checkReportJsonSchema(): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(CheckReportSchema, { io: 'input' }) as Record<string, unknown>;
  return {
    $schema,
    title: 'mcpscope check report, version 1',
    description:
      'What `mcpscope check --json` prints: the target, each scratch connection, and one result per check with its status, the spec sentence it rests on (keyword, quote, source), the frames that show it and how to fix a failure. Fields may be added within v1 (so objects allow properties this file does not list); none is removed or changes meaning.',
    ...rest,
  };
}
