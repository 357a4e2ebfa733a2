// Threat model: the same as security.ts (a web page, a rebinding page or another local program reaching the port);
// this front answers before the Express app exists, so it must refuse nothing and grant nothing the app would not. It
// answers one read, GET /api/config (the page's first request, which names the launch session), and only when every
// check the app makes on it passes (Host, Origin, Sec-Fetch-Site, the bearer token, in that order, with the guard's own
// methods); anything else, a refusal included, waits in relay/start-gate.ts for the app, which answers it as always.
// Why: the app's modules (Express and its routes, ~1 MB of chunks) take most of the time from the ready line to the
// page's first answer (docs/performance.md, "Start, round 5").
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RelayConfig } from '../../shared/relay-protocol.js';
import { setSecurityHeaders, type SecurityGuard } from './security.js';
import type { FrontAnswer } from './start-gate.js';

/**
 * How long a request that starts a page holds the background lint back, in ms: from the HTML to the page's first
 * windowed read (which holds it from then on) is 1-1.5 s on a quiet machine, the page's code fetched and run.
 */
export const PAGE_START_HOLD_MS: Partial<Record<string, number>> = { '/': 2_000, '/index.html': 2_000, '/api/config': 1_500 };

const CONFIG_PATH = '/api/config';

export interface FirstAnswerDeps {
  guard: SecurityGuard;
  config: () => RelayConfig;
  /** The page is starting: the background lint waits (the app does the same for this request). */
  holdBackground: (ms: number) => void;
}

/** Whether the app would let this request through to its routes: its guard's checks, none skipped. */
function passes(guard: SecurityGuard, req: IncomingMessage): boolean {
  try {
    guard.checkRequest(req);
  } catch {
    return false;
  }
  return guard.bearerValid(req.headers.authorization);
}

/** The front the start gate consults until the app opens: GET /api/config, answered as the app's route answers it. */
export function firstAnswer(deps: FirstAnswerDeps): FrontAnswer {
  return (req: IncomingMessage, res: ServerResponse) => {
    // The path exactly (a query allowed, as the app's router allows one): a spelling the router would also take
    // (a trailing slash, other case) is the app's to answer.
    const url = req.url ?? '';
    if (req.method !== 'GET' || (url !== CONFIG_PATH && !url.startsWith(`${CONFIG_PATH}?`))) return false;
    if (!passes(deps.guard, req)) return false;
    deps.holdBackground(PAGE_START_HOLD_MS[CONFIG_PATH]!);
    const body = Buffer.from(JSON.stringify(deps.config()));
    setSecurityHeaders(res);
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
    // A GET has no body the app would have read; what a client sent anyway is let go with the request.
    req.resume();
    return true;
  };
}
