// The routes that make sessions last: history, profiles, bundles and reproductions, replay and diff, the lab's saved
// results. Mounted under /api.
import express, { type Router } from 'express';
import { ProfileStore } from '../../store/archive/profile-store.js';
import { SecretStore } from '../../store/secret-store.js';
import { PanelResults } from '../../store/archive/panel-results.js';
import { SessionArchive } from '../../store/archive/session-archive.js';
import type { SessionManager } from '../session-manager.js';
import { bundleRoutes } from './bundle-routes.js';
import { collectionRoutes } from './collection-routes.js';
import { historyRoutes } from './history-routes.js';
import { profileRoutes } from './profile-routes.js';
import { replayRoutes } from './replay-routes.js';
import { resultsRoutes } from './results-routes.js';
import { scratchRoutes } from './scratch-routes.js';
import type { ArchiveContext } from './route-context.js';

export function archiveRouter(deps: { sessions: SessionManager; version: string }): Router {
  const recorder = deps.sessions.recorder;
  const ctx: ArchiveContext = {
    sessions: deps.sessions,
    recorder,
    archive: new SessionArchive(recorder.db),
    profiles: new ProfileStore(recorder.db, new SecretStore(recorder.dataDir)),
    results: new PanelResults(recorder.db),
    version: deps.version,
  };
  const router = express.Router();
  historyRoutes(router, ctx);
  profileRoutes(router, ctx);
  bundleRoutes(router, ctx);
  replayRoutes(router, ctx);
  scratchRoutes(router, ctx);
  collectionRoutes(router, ctx);
  resultsRoutes(router, ctx);
  return router;
}
