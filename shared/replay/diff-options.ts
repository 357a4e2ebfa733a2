// What a transcript diff ignores: by default everything that legitimately changes between two runs of the same traffic.
import { z } from 'zod';

export const DiffOptionsSchema = z.object({
  /** JSON-RPC ids, and the ids that refer to them (notifications/cancelled requestId). */
  ignoreIds: z.boolean().default(true),
  /** ISO-8601 date-times anywhere in a string, and members named like timestamps (timestamp, createdAt, …). */
  ignoreTimestamps: z.boolean().default(true),
  /** Session ids: sessionId members and Mcp-Session-Id values. */
  ignoreSessionIds: z.boolean().default(true),
  /** Pagination cursors: cursor and nextCursor. */
  ignoreCursors: z.boolean().default(true),
  /** More members to ignore, as dotted paths from the message root; `*` matches one segment: "result.content.*.text". */
  ignorePaths: z.array(z.string()).default([]),
  /** Compare stderr lines too (off: servers log timings and pids there). */
  includeStderr: z.boolean().default(false),
});
export type DiffOptions = z.infer<typeof DiffOptionsSchema>;
export type DiffOptionsInput = z.input<typeof DiffOptionsSchema>;
