// Session history: search, rename and tag, delete (frames included), and per-session stats.
import type { Router } from 'express';
import { SessionPatchSchema, type HistoryEntry } from '../../shared/archive-api.js';
import { sessionStats } from '../archive/session-stats.js';
import { RelayError } from '../errors.js';
import { historyEntry, param, parseBody, type ArchiveContext } from './route-context.js';

export function historyRoutes(router: Router, ctx: ArchiveContext): void {
  router.get('/session-history', (req, res) => {
    const q = typeof req.query.q === 'string' ? req.query.q : undefined;
    const tag = typeof req.query.tag === 'string' && req.query.tag !== '' ? req.query.tag : undefined;
    const limit = Number(req.query.limit ?? 200);
    const offset = Number(req.query.offset ?? 0);
    if (!Number.isInteger(limit) || !Number.isInteger(offset) || limit < 1 || offset < 0) throw new RelayError('BAD_REQUEST', 'limit and offset must be whole numbers');
    ctx.recorder.flush();
    const ids = ctx.archive.search({ ...(q ? { q } : {}), ...(tag ? { tag } : {}), limit, offset });
    const sessions: HistoryEntry[] = ids.map((id) => historyEntry(ctx, id));
    res.json({ sessions, tags: ctx.archive.allTags() });
  });

  router.patch('/sessions/:id', (req, res) => {
    const id = param(req, 'id');
    const patch = parseBody(SessionPatchSchema, req.body);
    if (!ctx.sessions.exists(id)) throw new RelayError('NOT_FOUND', `no session ${id}`);
    if (patch.tags) ctx.archive.setTags(id, patch.tags);
    if (patch.name !== undefined) ctx.sessions.rename(id, patch.name);
    res.json(historyEntry(ctx, id));
  });

  router.delete('/sessions/:id', (req, res) => {
    const id = param(req, 'id');
    ctx.sessions.remove(id, () => ctx.archive.deleteSession(id));
    res.status(204).end();
  });

  router.get('/sessions/:id/stats', async (req, res) => {
    const info = ctx.sessions.info(param(req, 'id'));
    res.json(await sessionStats(ctx.recorder, ctx.archive, info));
  });
}
