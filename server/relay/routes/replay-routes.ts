// Replay a recorded session against the same or another target and diff the runs; or diff any two recorded sessions.
import type { Router } from 'express';
import type { z } from 'zod';
import { DiffOptionsSchema, type DiffOptionsInput } from '../../../shared/replay/diff-options.js';
import { RELAY_ROUTES as R } from '../../../shared/relay-routes.js';
import { formatDiff } from '../../../shared/replay/format-diff.js';
import { diffTranscripts } from '../../../shared/replay/transcript-diff.js';
import { replayAndDiff, sourceFromSession } from '../replay-source.js';
import { replayTarget } from '../../replay/replay-target.js';
import { RelayError } from '../../errors.js';
import { historyEntry, type ArchiveContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

/** Diff options from a query string: ignoreIds=false, ignorePaths=a.b,c.d, includeStderr=true. */
function diffOptionsFromQuery(query: z.output<typeof R.diffSessions.query>): DiffOptionsInput {
  const out: Record<string, unknown> = {};
  for (const key of ['ignoreIds', 'ignoreTimestamps', 'ignoreSessionIds', 'ignoreCursors', 'includeStderr'] as const) {
    const v = query[key];
    if (v !== undefined) out[key] = v === 'true';
  }
  if (query.ignorePaths) out.ignorePaths = query.ignorePaths.split(',');
  const parsed = DiffOptionsSchema.safeParse(out);
  if (!parsed.success) throw new RelayError('BAD_REQUEST', 'bad diff options');
  return parsed.data;
}

export function replayRoutes(router: Router, ctx: ArchiveContext): void {
  serveRoute(router, R.replaySession, async ({ params, body }) => {
    const info = ctx.sessions.info(params.id);
    const chosen = replayTarget(ctx.archive, ctx.profiles, info, body, ctx.sessions.givenTarget(info.id));
    const source = await sourceFromSession(ctx.recorder, info);
    if (source.clientFrames.length === 0) throw new RelayError('BAD_REQUEST', 'the session has no client frames to replay');
    if (body.protocolVersion) source.protocolVersion = body.protocolVersion;
    const { outcome, diff } = await replayAndDiff(ctx.sessions, source, chosen.target, {
      preserveIds: body.preserveIds,
      preservePacing: body.preservePacing,
      answerTimeoutMs: body.answerTimeoutMs,
      diff: body.diff,
      ...(chosen.recipeFrom !== undefined ? { recipeFrom: chosen.recipeFrom } : {}),
      secretEnv: chosen.secretEnv,
      scratchFor: info.id,
    });
    // Linked to the session it replays, so the history groups it there, and tagged by what made it.
    ctx.archive.setMeta(outcome.session.id, { origin: 'replay', scratchFor: info.id, profileId: chosen.profileId, secretEnv: chosen.secretEnv });
    ctx.archive.setTags(outcome.session.id, ['replay']);
    return { session: historyEntry(ctx, outcome.session.id), diff, text: formatDiff(diff), warnings: [...chosen.warnings, ...outcome.warnings] };
  });

  serveRoute(router, R.diffSessions, async ({ params, query }) => {
    const a = await sourceFromSession(ctx.recorder, ctx.sessions.info(params.id));
    const b = await sourceFromSession(ctx.recorder, ctx.sessions.info(params.other));
    const diff = diffTranscripts(a.messages, b.messages, diffOptionsFromQuery(query));
    return { diff, text: formatDiff(diff) };
  });
}
