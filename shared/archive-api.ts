// The wire shapes of the history, profile, bundle and replay routes, declared once for the relay and the browser.
import { z } from 'zod';
import { NegotiationSchema } from './bundle/bundle-format.js';
import { CONFIG_FLAVORS } from './profiles/format-mcp-config.js';
import { DiffOptionsSchema } from './replay/diff-options.js';
import { SessionInfoSchema, TargetSchema } from './relay-protocol.js';

/** scratch: a connection the fault lab opened beside the session under test (`scratchFor`), so that one stays untouched. */
export const SESSION_ORIGINS = ['recorded', 'imported', 'replay', 'scratch'] as const;

/** A session as the history page lists it: its info plus tags and where it came from. */
export const HistoryEntrySchema = SessionInfoSchema.extend({
  tags: z.array(z.string()),
  origin: z.enum(SESSION_ORIGINS),
  profileId: z.string().nullable(),
  /** For a fault-lab scratch session: the session under test it was opened for. */
  scratchFor: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const MAX_TAG_LENGTH = 40;

/** POST /api/sessions/:id/scratch: a second connection to the same target; `handshake` as the session under test had one. */
export const ScratchBodySchema = z.object({ handshake: z.boolean() });

/** PATCH /api/sessions/:id */
export const SessionPatchSchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  tags: z.array(z.string().trim().min(1).max(MAX_TAG_LENGTH)).max(20).optional(),
});
export type SessionPatch = z.infer<typeof SessionPatchSchema>;

export const FindingCountsSchema = z.object({ total: z.number(), error: z.number(), warning: z.number(), info: z.number() });
export type FindingCounts = z.infer<typeof FindingCountsSchema>;

/** GET /api/sessions/:id/stats */
export const SessionStatsSchema = z.object({
  frames: z.number(),
  bytes: z.number(),
  byDir: z.record(z.string(), z.number()),
  byKind: z.record(z.string(), z.number()),
  clientRequests: z.number(),
  errorResponses: z.number(),
  firstTs: z.number().nullable(),
  lastTs: z.number().nullable(),
  durationMs: z.number().nullable(),
  negotiated: NegotiationSchema,
  /** Counts over the first `lintedFrames` frames (null only from older relays that skipped long sessions). */
  findings: FindingCountsSchema.nullable(),
  /** How many frames the counts cover; fewer than `frames` when the session is past the lint cap. */
  lintedFrames: z.number().default(0),
  /** True when only the first `lintedFrames` frames were linted: the counts are a lower bound. */
  findingsTruncated: z.boolean().default(false),
  findingsNote: z.string().nullable(),
});
export type SessionStats = z.infer<typeof SessionStatsSchema>;

/** POST /api/sessions/:id/replay: against the recorded target (default), another target, or a saved profile. */
export const ReplayBodySchema = z.object({
  target: TargetSchema.optional(),
  profileId: z.string().optional(),
  protocolVersion: z.string().optional(),
  preserveIds: z.boolean().default(true),
  preservePacing: z.boolean().default(false),
  answerTimeoutMs: z.number().int().min(100).max(120_000).default(10_000),
  diff: DiffOptionsSchema.partial().default({}),
});
export type ReplayBody = z.input<typeof ReplayBodySchema>;

/** POST /api/profiles/import */
export const ProfileImportBodySchema = z.object({ text: z.string().max(2_000_000) });

/** GET /api/profiles/export?format=…&secrets=include */
export const ProfileExportFormatSchema = z.enum(CONFIG_FLAVORS);
