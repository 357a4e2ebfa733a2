// Session history: search, rename and tag, delete (frames included), and per-session stats.
import type { Router } from 'express';
import type { HistoryEntry } from '../../../shared/archive-api.js';
import { RELAY_ROUTES as R } from '../../../shared/relay-routes.js';
import { RelayError } from '../../errors.js';
import { historyEntry, type ArchiveContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

export function historyRoutes(router: Router, ctx: ArchiveContext): void {
  serveRoute(router, R.history, ({ query: { q, tag, limit, offset } }) => {
    ctx.recorder.flush();
    const ids = ctx.archive.search({ ...(q ? { q } : {}), ...(tag ? { tag } : {}), limit, offset });
    const sessions: HistoryEntry[] = ids.map((id) => historyEntry(ctx, id));
    return { sessions, tags: ctx.archive.allTags() };
  });

  serveRoute(router, R.patchSession, ({ params: { id }, body: patch }) => {
    if (!ctx.sessions.exists(id)) throw new RelayError('NOT_FOUND', `no session ${id}`);
    if (patch.tags) ctx.archive.setTags(id, patch.tags);
    if (patch.name !== undefined) ctx.sessions.rename(id, patch.name);
    return historyEntry(ctx, id);
  });

  serveRoute(router, R.deleteSession, ({ params: { id } }) => {
    ctx.sessions.remove(id, () => {
      ctx.archive.deleteSession(id);
      ctx.results.forget(id);
    });
  });

  // The stats lint the session: the linter loads with the first stats asked for, not at the relay's start-up.
  serveRoute(router, R.sessionStats, async ({ params }) =>
    (await import('../../store/archive/session-stats.js')).sessionStats(ctx.recorder, ctx.archive, ctx.sessions.info(params.id)),
  );
}
