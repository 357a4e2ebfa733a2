// The wire shapes of the history, profile, bundle and replay routes, declared once for the relay and the browser.
import { z } from 'zod';
import { BundleTrailerSchema, NegotiationSchema } from './bundle/bundle-format.js';
import { CONFIG_FLAVORS } from './profiles/format-mcp-config.js';
import { ProfileSchema } from './profiles/profile.js';
import { DiffOptionsSchema } from './replay/diff-options.js';
import { TranscriptDiffSchema } from './replay/transcript-diff.js';
import { RecipeTargetSchema, SessionInfoSchema } from './relay-protocol.js';

/** scratch: a connection the fault lab opened beside the session under test (`scratchFor`), so that one stays untouched. */
const SESSION_ORIGINS = ['recorded', 'imported', 'replay', 'tap', 'scratch'] as const;

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

const FindingCountsSchema = z.object({ total: z.number(), error: z.number(), warning: z.number(), info: z.number() });
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
  target: RecipeTargetSchema.optional(),
  profileId: z.string().optional(),
  protocolVersion: z.string().optional(),
  preserveIds: z.boolean().default(true),
  preservePacing: z.boolean().default(false),
  answerTimeoutMs: z.number().int().min(100).max(120_000).default(10_000),
  diff: DiffOptionsSchema.partial().default({}),
});
export type ReplayBody = z.input<typeof ReplayBodySchema>;

/** GET /api/session-history: one page of sessions, and every tag with how many sessions carry it. */
export const HistoryPageSchema = z.object({
  sessions: z.array(HistoryEntrySchema),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});

/** POST /api/bundles: the imported session, read-only. */
export const BundleImportResultSchema = z.object({ session: HistoryEntrySchema, frames: z.number().int(), trailer: BundleTrailerSchema.nullable() });

/** POST /api/sessions/:id/replay: the new session, its diff against the recorded one, and the diff as text. */
export const ReplayResultSchema = z.object({ session: HistoryEntrySchema, diff: TranscriptDiffSchema, text: z.string(), warnings: z.array(z.string()) });
export type ReplayResult = z.infer<typeof ReplayResultSchema>;

/** GET /api/sessions/:id/diff/:other */
export const DiffResultSchema = z.object({ diff: TranscriptDiffSchema, text: z.string() });

/** POST /api/profiles/:id/connect */
export const ConnectProfileBodySchema = z.object({ handshake: z.boolean().default(true) });

/** POST /api/sessions/:id/profile: "save this connection as a profile". */
export const SaveSessionBodySchema = z.object({ name: z.string().trim().min(1).max(200).optional() });
export const SavedProfileSchema = z.object({ profile: ProfileSchema, missing: z.array(z.string()) });

/** POST /api/profiles/import */
export const ProfileImportBodySchema = z.object({ text: z.string().max(2_000_000) });
export const ProfileImportResultSchema = z.object({ key: z.string(), profiles: z.array(ProfileSchema), warnings: z.array(z.string()) });

/** GET /api/profiles/export?format=…&secrets=include&ids=a,b */
export const ProfileExportFormatSchema = z.enum(CONFIG_FLAVORS);
export const ProfileExportResultSchema = z.object({ fileName: z.string(), text: z.string(), warnings: z.array(z.string()) });
