// The relay's OAuth routes: the stored credentials (masked) and "forget", and a session's waiting authorizations.
// The redirect URI itself (/oauth/callback) is in app.ts: it is reached by navigation, without the API token.
import express, { type Request } from 'express';
import { RelayError } from '../errors.js';
import type { RelayOAuth } from '../oauth/relay-oauth.js';
import type { SessionManager } from '../session-manager.js';

function sessionParam(req: Request, sessions: SessionManager): string {
  const id = req.params.id;
  if (typeof id !== 'string' || !sessions.exists(id)) throw new RelayError('NOT_FOUND', `no session ${String(id)}`);
  return id;
}

export function oauthRoutes(oauth: RelayOAuth, sessions: SessionManager): express.Router {
  const r = express.Router();
  r.get('/oauth/tokens', (_req, res) => {
    res.json(oauth.tokens());
  });
  r.delete('/oauth/tokens', (req, res) => {
    const server = req.query.server;
    if (typeof server !== 'string' || server === '') throw new RelayError('BAD_REQUEST', 'say which server: ?server=<url>');
    let forgotten: boolean;
    try {
      forgotten = oauth.forget(server);
    } catch {
      throw new RelayError('BAD_REQUEST', `not a URL: ${server}`);
    }
    res.json({ forgotten });
  });
  r.get('/sessions/:id/oauth/pending', (req, res) => {
    res.json(oauth.pending(sessionParam(req, sessions)));
  });
  r.post('/sessions/:id/oauth/cancel', (req, res) => {
    res.json({ cancelled: oauth.cancel(sessionParam(req, sessions), 'cancelled in the page') });
  });
  return r;
}
