// The relay's OAuth routes: the stored credentials (masked) and "forget", and a session's waiting authorizations.
// The redirect URI itself (/oauth/callback) is in app.ts: it is reached by navigation, without the API token.
import { Router } from 'express';
import { RELAY_ROUTES as R } from '../../../shared/relay-routes.js';
import { RelayError } from '../../errors.js';
import type { RelayOAuth } from '../../oauth/relay-oauth.js';
import type { SessionManager } from '../session-manager.js';
import { serveRoute } from './serve-route.js';

export function oauthRoutes(oauth: RelayOAuth, sessions: SessionManager): Router {
  const router = Router();
  const session = (id: string): string => {
    if (!sessions.exists(id)) throw new RelayError('NOT_FOUND', `no session ${id}`);
    return id;
  };
  serveRoute(router, R.oauthTokens, () => oauth.tokens());
  serveRoute(router, R.forgetOAuthTokens, ({ query: { server, profile } }) => {
    try {
      return { forgotten: oauth.forget(server, profile) };
    } catch {
      throw new RelayError('BAD_REQUEST', `not a URL: ${server}`);
    }
  });
  serveRoute(router, R.oauthPending, ({ params }) => oauth.pending(session(params.id)));
  serveRoute(router, R.cancelOAuth, ({ params }) => ({ cancelled: oauth.cancel(session(params.id), 'cancelled in the page') }));
  return router;
}
