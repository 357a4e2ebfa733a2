// The relay's HTTP API as one table: method, path, query, body and response schema of every route under /api. The relay
// registers its Express routes from it (server/relay/routes/serve-route.ts) and the browser's one client calls through
// it (web/lib/relay/relay-http.ts), so the two cannot drift apart, and every answer is checked before it is used.
import { z } from 'zod';
import {
  BundleImportResultSchema,
  ConnectProfileBodySchema,
  DiffResultSchema,
  HistoryEntrySchema,
  HistoryPageSchema,
  ProfileExportFormatSchema,
  ProfileExportResultSchema,
  ProfileImportBodySchema,
  ProfileImportResultSchema,
  ReplayBodySchema,
  ReplayResultSchema,
  ScratchBodySchema,
  SavedProfileSchema,
  SaveSessionBodySchema,
  SessionPatchSchema,
  SessionStatsSchema,
} from './archive-api.js';
import { CheckReportSchema, CheckRunBodySchema } from './check/check-types.js';
import {
  CollectionSchema,
  CollectionSummarySchema,
  RunCollectionBodySchema,
  RunReportSchema,
  StoredCollectionSchema,
} from './collections/collection-schema.js';
import { FuzzRunBodySchema, FuzzRunStatusSchema } from './fuzz/fuzz-report.js';
import { FindingsSummarySchema, FrameIndexSchema, WindowFilterQueryShape, WindowFrameSchema } from './frame-window-api.js';
import { ProfileInputSchema, ProfileSchema } from './profiles/profile.js';
import { OAuthTokenSummarySchema, PendingAuthorizationSchema } from './oauth/token-summary.js';
import { FaultLabStateSchema, SavedCheckSchema, SavedFaultLabSchema } from './panel-results.js';
import { ConfirmRecipeBodySchema } from './trust/recipe-review.js';
import { ModelCompleteBodySchema, ModelReplySchema, ModelSettingsViewSchema, ModelStopBodySchema, SaveModelSettingsSchema } from './model/model-api.js';
import { CreateSessionBodySchema, FrameRecordSchema, RelayConfigSchema, SessionInfoSchema } from './relay-protocol.js';

type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RelayRoute {
  method: RouteMethod;
  /** Under /api, Express syntax: `:name` is a path parameter. */
  path: `/${string}`;
  /** The query string's fields (strings on the wire; numbers are coerced). */
  query?: z.ZodType;
  /** A JSON body checked against a schema, or `bytes`: the raw body, streamed to the handler (a bundle file). */
  body?: z.ZodType | 'bytes';
  /** JSON checked against a schema; `empty`: 204 and no body; `file`: bytes to save, named by Content-Disposition. */
  response: z.ZodType | 'empty' | 'file';
  /** The success status when it is not 200. */
  status?: 201;
}

/** A whole number in a query string ("42" on the wire), `fallback` when absent. */
const whole = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const optionalWhole = z.coerce.number().int().min(0).optional();
/** A "true" / "false" switch in a query string. */
const flag = z.enum(['true', 'false']).optional();

const route = <const R extends RelayRoute>(r: R): R => r;

export const RELAY_ROUTES = {
  // ---- sessions (server/relay/app.ts)
  config: route({ method: 'GET', path: '/config', response: RelayConfigSchema }),
  sessions: route({ method: 'GET', path: '/sessions', response: z.array(SessionInfoSchema) }),
  createSession: route({ method: 'POST', path: '/sessions', body: CreateSessionBodySchema, response: SessionInfoSchema, status: 201 }),
  session: route({ method: 'GET', path: '/sessions/:id', response: SessionInfoSchema }),
  /** One tab performs the handshake: the first claim wins, later ones get 409 CONFLICT. */
  /** The first caller gets `claimed: true` and performs the handshake; a later one `false` (another tab has it): an answer, not an error. */
  claimHandshake: route({ method: 'POST', path: '/sessions/:id/claim-handshake', response: z.object({ claimed: z.boolean() }) }),
  restartSession: route({ method: 'POST', path: '/sessions/:id/restart', response: SessionInfoSchema }),
  stopSession: route({ method: 'POST', path: '/sessions/:id/stop', response: SessionInfoSchema }),
  /** Frames after a seq, in order (what `curl` and the tests read; the page streams them over the socket). */
  frames: route({
    method: 'GET',
    path: '/sessions/:id/frames',
    query: z.object({
      afterSeq: whole(0),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .default(1000)
        .transform((n) => Math.min(n, 10_000)),
    }),
    response: z.object({ frames: z.array(FrameRecordSchema) }),
  }),

  // ---- windowed reads of a huge session (server/relay/routes/frame-routes.ts)
  /** A filter's match counts per block of seqs; with `first`, only from the start until that many matches are found (`partial`). */
  frameIndex: route({
    method: 'GET',
    path: '/sessions/:id/frame-index',
    query: z.object({ ...WindowFilterQueryShape, first: z.coerce.number().int().min(1).max(10_000).optional() }),
    response: FrameIndexSchema,
  }),
  /** Matches with fromSeq ≤ seq < toSeq, after skipping `skip` of them: texts cut to PREVIEW_CHARS, with their pair. */
  framePage: route({
    method: 'GET',
    path: '/sessions/:id/frame-page',
    query: z.object({
      ...WindowFilterQueryShape,
      fromSeq: whole(1),
      toSeq: whole(Number.MAX_SAFE_INTEGER),
      skip: whole(0),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
    response: z.object({ frames: z.array(WindowFrameSchema) }),
  }),
  /** The distinct methods of the whole session, sorted. */
  sessionMethods: route({ method: 'GET', path: '/sessions/:id/methods', response: z.object({ methods: z.array(z.string()) }) }),
  /** The relay's lint of the whole session grouped by rule (it lints in the background: `done` says when it caught up). */
  findingsSummary: route({ method: 'GET', path: '/sessions/:id/findings-summary', response: FindingsSummarySchema }),
  /** A frame's head (PREVIEW_CHARS) with its pair and findings, like a page row. */
  framePreview: route({ method: 'GET', path: '/sessions/:id/frames/:seq', response: WindowFrameSchema }),
  /** A frame's whole text. */
  frameFull: route({ method: 'GET', path: '/sessions/:id/frames/:seq/full', response: FrameRecordSchema }),
  /** The exact bytes the wire carried. */
  frameBytes: route({ method: 'GET', path: '/sessions/:id/frames/:seq/bytes', response: 'file' }),

  // ---- history (server/relay/routes/history-routes.ts)
  history: route({
    method: 'GET',
    path: '/session-history',
    query: z.object({ q: z.string().optional(), tag: z.string().optional(), offset: whole(0), limit: z.coerce.number().int().min(1).default(200) }),
    response: HistoryPageSchema,
  }),
  patchSession: route({ method: 'PATCH', path: '/sessions/:id', body: SessionPatchSchema, response: HistoryEntrySchema }),
  /** The session and its frames. */
  deleteSession: route({ method: 'DELETE', path: '/sessions/:id', response: 'empty' }),
  sessionStats: route({ method: 'GET', path: '/sessions/:id/stats', response: SessionStatsSchema }),

  // ---- bundles and reproductions (server/relay/routes/bundle-routes.ts)
  sessionBundle: route({ method: 'GET', path: '/sessions/:id/bundle', query: z.object({ fromSeq: optionalWhole, toSeq: optionalWhole }), response: 'file' }),
  /** `kind`: one of REPRO_KINDS (server/repro/repro-writers.ts). */
  sessionRepro: route({ method: 'GET', path: '/sessions/:id/repro/:kind', response: 'file' }),
  /** The session as one self-contained HTML file (mcpscope export --html): the read-only viewer with the bundle inside. */
  sessionShare: route({ method: 'GET', path: '/sessions/:id/share', response: 'file' }),
  importBundle: route({ method: 'POST', path: '/bundles', body: 'bytes', response: BundleImportResultSchema, status: 201 }),

  // ---- replay and diff (server/relay/routes/replay-routes.ts)
  replaySession: route({ method: 'POST', path: '/sessions/:id/replay', body: ReplayBodySchema, response: ReplayResultSchema }),
  diffSessions: route({
    method: 'GET',
    path: '/sessions/:id/diff/:other',
    query: z.object({
      ignoreIds: flag,
      ignoreTimestamps: flag,
      ignoreSessionIds: flag,
      ignoreCursors: flag,
      includeStderr: flag,
      ignorePaths: z.string().optional(),
    }),
    response: DiffResultSchema,
  }),

  // ---- the fault lab's scratch connections (server/relay/routes/scratch-routes.ts)
  /** A second connection to a live session's own target, recorded as its own session linked back (`scratchFor`). */
  openScratch: route({ method: 'POST', path: '/sessions/:id/scratch', body: ScratchBodySchema, response: HistoryEntrySchema, status: 201 }),
  /** The Conformance tab: `mcpscope check` on scratch connections to a live session's own target, each recorded and linked back. */
  runCheck: route({ method: 'POST', path: '/sessions/:id/check', body: CheckRunBodySchema, response: CheckReportSchema }),
  /** The Fuzz tab: a `mcpscope fuzz` campaign on scratch connections to a live session's own target; polled by run id. */
  startFuzz: route({ method: 'POST', path: '/sessions/:id/fuzz', body: FuzzRunBodySchema, response: FuzzRunStatusSchema, status: 201 }),
  fuzzRun: route({ method: 'GET', path: '/fuzz/:runId', response: FuzzRunStatusSchema }),
  stopFuzz: route({ method: 'POST', path: '/fuzz/:runId/stop', response: FuzzRunStatusSchema }),

  // ---- collections (server/relay/routes/collection-routes.ts): saved calls with assertions, kept in the data dir
  collections: route({ method: 'GET', path: '/collections', response: z.array(CollectionSummarySchema) }),
  collection: route({ method: 'GET', path: '/collections/:id', response: StoredCollectionSchema }),
  createCollection: route({ method: 'POST', path: '/collections', body: CollectionSchema, response: StoredCollectionSchema, status: 201 }),
  updateCollection: route({ method: 'PUT', path: '/collections/:id', body: CollectionSchema, response: StoredCollectionSchema }),
  deleteCollection: route({ method: 'DELETE', path: '/collections/:id', response: 'empty' }),
  /** Runs a kept collection on a scratch connection to a live session's own target, recorded and linked back. */
  runCollection: route({ method: 'POST', path: '/sessions/:id/run-collection', body: RunCollectionBodySchema, response: RunReportSchema }),
  // ---- the lab's last results, kept per session under test (server/relay/routes/results-routes.ts)
  /** The Conformance tab's last report for this session (the relay keeps it when a run ends). */
  savedCheck: route({ method: 'GET', path: '/sessions/:id/results/conformance', response: SavedCheckSchema }),
  /** The fault lab's last results and connection choices for this session, as the page saved them. */
  savedFaultLab: route({ method: 'GET', path: '/sessions/:id/results/fault-lab', response: SavedFaultLabSchema }),
  saveFaultLab: route({ method: 'PUT', path: '/sessions/:id/results/fault-lab', body: FaultLabStateSchema, response: 'empty' }),

  // ---- profiles (server/relay/routes/profile-routes.ts)
  profiles: route({ method: 'GET', path: '/profiles', response: z.array(ProfileSchema) }),
  createProfile: route({ method: 'POST', path: '/profiles', body: ProfileInputSchema, response: ProfileSchema, status: 201 }),
  updateProfile: route({ method: 'PUT', path: '/profiles/:id', body: ProfileInputSchema, response: ProfileSchema }),
  deleteProfile: route({ method: 'DELETE', path: '/profiles/:id', response: 'empty' }),
  connectProfile: route({ method: 'POST', path: '/profiles/:id/connect', body: ConnectProfileBodySchema, response: SessionInfoSchema, status: 201 }),
  /** "Save current connection as profile". */
  saveSessionAsProfile: route({ method: 'POST', path: '/sessions/:id/profile', body: SaveSessionBodySchema, response: SavedProfileSchema, status: 201 }),
  importProfiles: route({ method: 'POST', path: '/profiles/import', body: ProfileImportBodySchema, response: ProfileImportResultSchema, status: 201 }),
  /** `ids`: comma-separated profile ids (all when absent); `secrets=include` keeps secret values. */
  exportProfiles: route({
    method: 'GET',
    path: '/profiles/export',
    query: z.object({ format: ProfileExportFormatSchema, secrets: z.literal('include').optional(), ids: z.string().optional() }),
    response: ProfileExportResultSchema,
  }),

  // ---- trust (server/relay/routes/recipe-routes.ts)
  /** A person said yes to a recipe the relay refused with RECIPE_UNCONFIRMED (its review carries the hash). */
  confirmRecipe: route({ method: 'POST', path: '/recipes/confirm', body: ConfirmRecipeBodySchema, response: 'empty' }),

  // ---- OAuth (server/relay/routes/oauth-routes.ts; only when the relay runs OAuth flows)
  /** Stored OAuth credentials, masked. */
  oauthTokens: route({ method: 'GET', path: '/oauth/tokens', response: z.array(OAuthTokenSummarySchema) }),
  /** Drops one server's client and tokens. */
  forgetOAuthTokens: route({
    method: 'DELETE',
    path: '/oauth/tokens',
    query: z.object({ server: z.string().min(1), profile: z.string().min(1).optional() }),
    response: z.object({ forgotten: z.boolean() }),
  }),
  /** The session's authorizations waiting for a person, with the URL to open. */
  oauthPending: route({ method: 'GET', path: '/sessions/:id/oauth/pending', response: z.array(PendingAuthorizationSchema) }),
  cancelOAuth: route({ method: 'POST', path: '/sessions/:id/oauth/cancel', response: z.object({ cancelled: z.number().int() }) }),

  // ---- a model in the loop (server/relay/routes/model-routes.ts; docs/chat.md)
  /** The provider, base URL and model the Chat tab uses, and where the key comes from (never the key). */
  modelSettings: route({ method: 'GET', path: '/model/settings', response: ModelSettingsViewSchema }),
  saveModelSettings: route({ method: 'PUT', path: '/model/settings', body: SaveModelSettingsSchema, response: ModelSettingsViewSchema }),
  /** One model request with the relay's key; the exchange is recorded in the session as a `model-exchange` event. */
  modelComplete: route({ method: 'POST', path: '/sessions/:id/model/complete', body: ModelCompleteBodySchema, response: ModelReplySchema }),
  /** Stop: aborts that model request (its stream is cancelled at the provider). */
  modelStop: route({ method: 'POST', path: '/sessions/:id/model/stop', body: ModelStopBodySchema, response: z.object({ stopped: z.boolean() }) }),
} as const satisfies Record<string, RelayRoute>;

export type RelayRoutes = typeof RELAY_ROUTES;
export type RouteName = keyof RelayRoutes;

/** The names of a path's parameters: '/sessions/:id/frames/:seq' → 'id' | 'seq'. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path with its parameters filled in, each one percent-encoded. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
