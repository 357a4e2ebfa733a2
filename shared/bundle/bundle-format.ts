// The repro bundle: one JSON file holding a session's recipe, what was negotiated, the client's frames and the transcript.
import { z } from 'zod';
import { FrameOriginSchema, FrameRecordSchema, RecipeTargetSchema, SessionStatusSchema } from '../relay-protocol.js';

export const BUNDLE_FORMAT = 'mcpscope-bundle';
/**
 * Still 1: fields added since (frame `origin`) are optional, so older readers skip them and bundles without them
 * read as before.
 */
export const BUNDLE_FORMAT_VERSION = 1;

const BundleEnvironmentSchema = z.object({
  mcpscope: z.string(),
  node: z.string(),
  /** platform, release and architecture: "linux 6.8.0 x64". */
  os: z.string(),
});
export type BundleEnvironment = z.infer<typeof BundleEnvironmentSchema>;

/** What the handshake (or server/discover) settled: the versions and capabilities each side showed. */
export const NegotiationSchema = z.object({
  requestedVersion: z.string().nullable(),
  protocolVersion: z.string().nullable(),
  clientInfo: z.unknown().optional(),
  clientCapabilities: z.unknown().optional(),
  serverInfo: z.unknown().optional(),
  serverCapabilities: z.unknown().optional(),
  /** initialize, server/discover, or null when the recording holds neither. */
  via: z.string().nullable(),
});
export type Negotiation = z.infer<typeof NegotiationSchema>;

/**
 * Where a stdio recipe was recorded. The bundle's target holds paths under `cwd` relative to it and no cwd of its own,
 * so it replays from the root of another checkout; this says what they were relative to, and what was typed.
 */
export const RecipeOriginSchema = z.object({
  /** The directory the server ran in when recorded (its --cwd, or the relay's). */
  cwd: z.string(),
  /** The command as recorded, before it was made portable. */
  command: z.string(),
  /** Indexes of the args that were paths under `cwd` (or `--flag=` such a path) and are now relative to it. */
  relativeArgs: z.array(z.number().int()).default([]),
  /** True when the command itself was a path under `cwd`. */
  commandRelative: z.boolean().default(false),
});
export type RecipeOrigin = z.infer<typeof RecipeOriginSchema>;

export const BundleHeaderSchema = z.object({
  exportedAt: z.string(),
  environment: BundleEnvironmentSchema,
  session: z.object({
    id: z.string(),
    name: z.string(),
    tags: z.array(z.string()).default([]),
    status: SessionStatusSchema,
    protocolVersion: z.string(),
    startedAt: z.number(),
    endedAt: z.number().nullable(),
    exitCode: z.number().nullable(),
    signal: z.string().nullable(),
    lastSeq: z.number().int(),
  }),
  /** How to start the server again, secrets removed (see `redacted`). */
  /** Checked as any recipe that enters is: a bundle with a bad variable name is refused when it is read. */
  target: RecipeTargetSchema,
  /** Present when the recipe's paths were made relative (bundles since mcpscope wrote portable recipes). */
  origin: RecipeOriginSchema.optional(),
  negotiated: NegotiationSchema,
  /** The frames exported: the whole session, or a range of seqs. */
  range: z.object({ fromSeq: z.number().int(), toSeq: z.number().int().nullable() }),
  /** What was removed from the recipe (env.NAME, header.Name, arg.N), so whoever replays knows what to supply. */
  redacted: z.array(z.string()),
  /** The environment this bundle was imported from, when it was exported from an imported session. */
  importedFrom: BundleEnvironmentSchema.optional(),
});
export type BundleHeader = z.infer<typeof BundleHeaderSchema>;

export const ClientFrameSchema = z.object({
  seq: z.number().int(),
  offsetMs: z.number(),
  text: z.string(),
  b64: z.string().optional(),
  /** Who made the frame when it was recorded (absent in bundles written before origins were kept). */
  origin: FrameOriginSchema.optional(),
});

export const BundleFindingSchema = z.object({
  ruleId: z.string(),
  severity: z.string(),
  seq: z.number().int(),
  related: z.array(z.number().int()).default([]),
  message: z.string(),
});
export type BundleFinding = z.infer<typeof BundleFindingSchema>;

export const BundleTrailerSchema = z.object({
  frames: z.number().int(),
  clientFrames: z.number().int(),
  findings: z.number().int(),
  /** How many secrets were replaced in the frames and the recipe. */
  redactions: z.number().int(),
});
export type BundleTrailer = z.infer<typeof BundleTrailerSchema>;

export { FrameRecordSchema };
