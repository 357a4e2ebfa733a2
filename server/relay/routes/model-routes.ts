// The Chat tab's routes: the model settings (the key goes in, never out) and one model request at a time, made by the
// relay with the key it keeps and recorded in the session (server/model/relay-model.ts holds the threat model).
import { Router } from 'express';
import { RELAY_ROUTES as R } from '../../../shared/relay-routes.js';
import { ModelError } from '../../../shared/model/model-error.js';
import { RelayError } from '../../errors.js';
import { RelayModel } from '../../model/relay-model.js';
import type { SessionManager } from '../session-manager.js';
import { serveRoute } from './serve-route.js';

/** `onText` streams each piece of a reply to the page over the WebSocket. */
export function modelRoutes(sessions: SessionManager, onText: (sessionId: string, requestId: string, delta: string) => void = () => undefined): Router {
  const router = Router();
  const model = new RelayModel(sessions.recorder.dataDir);
  serveRoute(router, R.modelSettings, () => model.view());
  serveRoute(router, R.saveModelSettings, ({ body }) => model.save(body));
  serveRoute(router, R.modelComplete, async ({ params, body }) => {
    const session = sessions.owned(params.id);
    try {
      return await model.complete({ ...body, record: (event) => session.recordEvent(event), onText: (delta) => onText(params.id, body.requestId, delta) });
    } catch (err) {
      if (err instanceof ModelError) throw new RelayError('MODEL_FAILED', err.message);
      throw err;
    }
  });
  serveRoute(router, R.modelStop, ({ body }) => ({ stopped: model.stop(body.requestId) }));
  return router;
}
