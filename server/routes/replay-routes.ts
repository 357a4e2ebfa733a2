// Replay a recorded session against the same or another target and diff the runs; or diff any two recorded sessions.
import type { Request, Router } from 'express';
import { ReplayBodySchema } from '../../shared/archive-api.js';
import { DiffOptionsSchema, type DiffOptionsInput } from '../../shared/replay/diff-options.js';
import { formatDiff } from '../../shared/replay/format-diff.js';
import { diffTranscripts } from '../../shared/replay/transcript-diff.js';
import { replayAndDiff, sourceFromSession } from '../replay/replay-source.js';
import { replayTarget } from '../replay/replay-target.js';
import { RelayError } from '../errors.js';
import { historyEntry, param, parseBody, type ArchiveContext } from './route-context.js';

/** Diff options from a query string: ignoreIds=false, ignorePaths=a.b,c.d, includeStderr=true. */
function diffOptionsFromQuery(req: Request): DiffOptionsInput {
  const out: Record<string, unknown> = {};
  for (const key of ['ignoreIds', 'ignoreTimestamps', 'ignoreSessionIds', 'ignoreCursors', 'includeStderr']) {
    const v = req.query[key];
    if (v === 'true' || v === 'false') out[key] = v === 'true';
  }
  if (typeof req.query.ignorePaths === 'string' && req.query.ignorePaths !== '') out.ignorePaths = req.query.ignorePaths.split(',');
  const parsed = DiffOptionsSchema.safeParse(out);
  if (!parsed.success) throw new RelayError('BAD_REQUEST', 'bad diff options');
  return parsed.data;
}

export function replayRoutes(router: Router, ctx: ArchiveContext): void {
  router.post('/sessions/:id/replay', async (req, res) => {
    const info = ctx.sessions.info(param(req, 'id'));
    const body = parseBody(ReplayBodySchema, req.body);
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
    });
    ctx.archive.setMeta(outcome.session.id, { origin: 'replay', profileId: chosen.profileId, secretEnv: chosen.secretEnv });
    res.json({ session: historyEntry(ctx, outcome.session.id), diff, text: formatDiff(diff), warnings: [...chosen.warnings, ...outcome.warnings] });
  });

  router.get('/sessions/:id/diff/:other', async (req, res) => {
    const a = await sourceFromSession(ctx.recorder, ctx.sessions.info(param(req, 'id')));
    const b = await sourceFromSession(ctx.recorder, ctx.sessions.info(param(req, 'other')));
    const diff = diffTranscripts(a.messages, b.messages, diffOptionsFromQuery(req));
    res.json({ diff, text: formatDiff(diff) });
  });
}
