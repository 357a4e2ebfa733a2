// Builds the relay: the Express app (API + static UI) and the WebSocket upgrade handler, from its dependencies.
import express from 'express';
import { existsSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import { WS_PATH, WS_PROTOCOL, type RelayConfig } from '../../shared/relay-protocol.js';
import { RELAY_ROUTES } from '../../shared/relay-routes.js';
import { RelayError, errorMiddleware, toRelayError } from '../errors.js';
import { archiveRouter } from './routes/archive-router.js';
import { frameRoutes } from './routes/frame-routes.js';
import { oauthRoutes } from './routes/oauth-routes.js';
import { CALLBACK_HEADERS, callbackPage } from '../oauth/callback-page.js';
import { CALLBACK_PATH } from '../oauth/loopback-callback.js';
import type { RelayOAuth } from '../oauth/relay-oauth.js';
import { recipeRoutes } from './routes/recipe-routes.js';
import { modelRoutes } from './routes/model-routes.js';
import { serveRoute } from './routes/serve-route.js';
import { PAGE_START_HOLD_MS } from './first-answer.js';
import { Hub, type HubOptions } from './hub.js';
import type { SecurityGuard } from './security.js';
import { securityHeaders } from './security.js';
import type { SessionManager } from './session-manager.js';

export interface RelayDeps {
  sessions: SessionManager;
  guard: SecurityGuard;
  /** Folder with the built UI (index.html); the API works without it. */
  webRoot: string;
  config: () => RelayConfig;
  version: string;
  hub?: HubOptions;
  /** OAuth flows of remote sessions: their redirect URI is this relay's /oauth/callback. */
  oauth?: RelayOAuth;
}

export interface Relay {
  app: express.Express;
  hub: Hub;
  /** Wires WebSocket upgrades on `server` through the same guard as the API. */
  attach(server: Server): void;
}

export function createRelay(deps: RelayDeps): Relay {
  const { sessions, guard } = deps;
  const app = express();
  const hub = new Hub(sessions, deps.hub);
  app.disable('x-powered-by');
  app.use(securityHeaders);
  // The authorization server sends the person's browser here: a cross-site navigation that cannot carry the API
  // token. The Host allow-list still applies; the flow's unguessable, single-use state is what binds it (see
  // server/oauth/pending-flows.ts for the threat model). Only GET, only this path.
  app.get(CALLBACK_PATH, (req, res) => {
    if (!guard.hostAllowed(req.headers.host)) throw new RelayError('FORBIDDEN_HOST', `Host ${req.headers.host ?? '(none)'} is not allowed`);
    const out = deps.oauth
      ? deps.oauth.callback(new URL(req.url, 'http://relay').searchParams)
      : { status: 404, ok: false, message: 'This relay runs no OAuth flow.' };
    res.status(out.status).set(CALLBACK_HEADERS).send(callbackPage(out.ok, out.message));
  });
  app.use(guard.hostAndOrigin);

  // A page starting: its HTML, then its config (read as its code runs), hold the background lint back until it has painted.
  app.use((req, _res, next) => {
    const hold = req.method === 'GET' ? PAGE_START_HOLD_MS[req.path] : undefined;
    if (hold !== undefined) sessions.recorder.background.holdFor(hold);
    next();
  });

  const api = express.Router();
  api.use(guard.requireToken);
  api.use(express.json({ limit: '1mb' }));
  const R = RELAY_ROUTES;
  serveRoute(api, R.config, () => deps.config());
  serveRoute(api, R.sessions, () => sessions.list());
  serveRoute(api, R.createSession, async ({ body }) => (await sessions.create(body)).info());
  serveRoute(api, R.session, ({ params }) => sessions.info(params.id));
  serveRoute(api, R.claimHandshake, ({ params }) => {
    // A second claim is a question answered no (another tab, or an earlier load, has it), not a failed request.
    return { claimed: sessions.owned(params.id).claimHandshake() };
  });
  serveRoute(api, R.restartSession, async ({ params }) => {
    const s = sessions.owned(params.id);
    await s.restart();
    return s.info();
  });
  serveRoute(api, R.stopSession, async ({ params }) => {
    const s = sessions.owned(params.id);
    await s.stop();
    return s.info();
  });
  serveRoute(api, R.frames, ({ params, query }) => {
    if (!sessions.exists(params.id)) throw new RelayError('NOT_FOUND', `no session ${params.id}`);
    return { frames: sessions.recorder.readFrames(params.id, query.afterSeq, query.limit) };
  });
  api.use(frameRoutes(sessions));
  if (deps.oauth) api.use(oauthRoutes(deps.oauth, sessions));
  api.use(archiveRouter({ sessions, version: deps.version }));
  api.use(recipeRoutes(sessions.trust));
  api.use(modelRoutes(sessions, (sessionId, requestId, delta) => hub.toSubscribers(sessionId, { type: 'model-text', sessionId, requestId, delta })));
  api.use((_req) => {
    throw new RelayError('NOT_FOUND', 'no such API route');
  });
  app.use('/api', api);

  if (existsSync(join(deps.webRoot, 'index.html'))) {
    app.use(express.static(deps.webRoot, { index: 'index.html', fallthrough: true }));
    app.get('/{*rest}', (_req, res) => res.sendFile(join(deps.webRoot, 'index.html')));
  } else {
    app.get('/', (_req, res) => {
      res.type('text').send('mcpscope relay is running, but the UI is not built: run `npm run build`.');
    });
  }
  app.use(errorMiddleware);

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024 * 1024,
    handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });

  const reject = (socket: Duplex, status: number, message: string) => {
    const reason = status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Bad Request';
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${message}\n`);
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    try {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path !== WS_PATH) throw new RelayError('NOT_FOUND', 'no WebSocket here');
      guard.checkRequest(req);
      if (!guard.wsTokenValid(req.headers['sec-websocket-protocol'])) throw new RelayError('UNAUTHORIZED', 'missing or wrong token');
    } catch (err) {
      const e = toRelayError(err);
      reject(socket, e.status, e.message);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => hub.attach(ws, deps.version, socket));
  };

  return {
    app,
    hub,
    attach(server) {
      server.on('upgrade', onUpgrade);
    },
  };
}
