// The page's collections: kept in the data dir (CRUD), and run against a live session's own target on a scratch
// connection recorded as a session linked back to it. Threat model: as for the Conformance tab's runs (relay-check.ts):
// the target is the live session's, never the request's; a collection is data, checked by its schema on the way in.
import type { Router } from 'express';
import { DEFAULT_PROTOCOL_VERSION } from '../../../shared/mcp-versions.js';
import { RELAY_ROUTES as R } from '../../../shared/relay-routes.js';
import { recordCheckConnection } from '../../check/check-recording.js';
import { CollectionStore } from '../../collections/collection-store.js';
import { RelayError } from '../../errors.js';
import type { ArchiveContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

/** Sessions with a run in flight: a second run on the same one is refused. */
const running = new Set<string>();

export function collectionRoutes(router: Router, ctx: ArchiveContext): void {
  const store = new CollectionStore(ctx.recorder.dataDir);
  serveRoute(router, R.collections, () => store.list());
  serveRoute(router, R.collection, ({ params }) => store.get(params.id));
  serveRoute(router, R.createCollection, ({ body }) => store.create(body));
  serveRoute(router, R.updateCollection, ({ params, body }) => store.update(params.id, body));
  serveRoute(router, R.deleteCollection, ({ params }) => store.delete(params.id));
  serveRoute(router, R.runCollection, async ({ params, body }) => {
    const underTest = params.id;
    const info = ctx.sessions.owned(underTest).info();
    const target = ctx.sessions.givenTarget(underTest);
    if (!info.live || target === null) throw new RelayError('SESSION_NOT_LIVE', 'the session under test is not running: start it before running a collection');
    const { collection } = store.get(body.collectionId);
    if (running.has(underTest)) throw new RelayError('CONFLICT', 'a collection is already running for this session');
    const meta = ctx.archive.meta(underTest);
    const protocolVersion = info.protocolVersion ?? DEFAULT_PROTOCOL_VERSION;
    const recording = { recorder: ctx.recorder, archive: ctx.archive, scratchFor: underTest, publish: ctx.sessions.publisher };
    running.add(underTest);
    try {
      // The runner (a client engine, the linter) loads with the first run.
      const { runCollectionInRelay } = await import('../../collections/relay-run.js');
      return await runCollectionInRelay({
        collection,
        target,
        protocolVersion,
        timeoutMs: body.timeoutMs,
        record: () =>
          recordCheckConnection(recording, {
            name: `${info.name} · run ${collection.name}`,
            target,
            protocolVersion,
            secretEnv: meta.secretEnv,
            profileId: meta.profileId,
          }),
      });
    } finally {
      running.delete(underTest);
    }
  });
}
