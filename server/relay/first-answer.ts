// Threat model: the same as security.ts (a web page, a rebinding page or another local program reaching the port);
// this front answers before the Express app exists, so it must refuse nothing and grant nothing the app would not. It
// answers only reads the page makes as it starts: GET /api/config (which names the launch session), and the built
// page's own files (index.html, the favicon, a file directly in assets/, by a name of plain characters: no path the
// request spells is ever joined to a folder). Each only when every check the app makes on it passes (Host, Origin,
// Sec-Fetch-Site, then for the API the bearer token, with the guard's own methods); anything else, a refusal included,
// waits in relay/start-gate.ts for the app, which answers it as always.
// Why: the app's modules (Express and its routes, ~1 MB of chunks) take most of the time from the ready line to the
// page's first answer (docs/performance.md, "Start, round 5").
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { RelayConfig } from '../../shared/relay-protocol.js';
import { setSecurityHeaders, type SecurityGuard } from './security.js';
import type { FrontAnswer } from './start-gate.js';

/**
 * How long a request that starts a page holds the background lint back, in ms: from the HTML to the page's first
 * windowed read (which holds it from then on) is 1-1.5 s on a quiet machine, the page's code fetched and run.
 */
export const PAGE_START_HOLD_MS: Partial<Record<string, number>> = { '/': 2_000, '/index.html': 2_000, '/api/config': 1_500 };

const CONFIG_PATH = '/api/config';
/** A built file's name in assets/: letters, digits, dot, dash, underscore, not starting with a dot. */
const ASSET = /^\/assets\/([A-Za-z0-9_-][A-Za-z0-9._-]*)$/;
/** The types the app's static route gives these files (Express's mime-types); a file of another type is the app's. */
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  ttf: 'font/ttf',
  woff2: 'font/woff2',
};

export interface FirstAnswerDeps {
  guard: SecurityGuard;
  config: () => RelayConfig;
  /** The page is starting: the background lint waits (the app does the same for this request). */
  holdBackground: (ms: number) => void;
  /** The built page's folder (dist/web); null: the page's files are the app's to serve. */
  webRoot: string | null;
}

/** Whether the app would let this request through to its routes: its guard's checks, none skipped. */
function passes(guard: SecurityGuard, req: IncomingMessage, api: boolean): boolean {
  try {
    guard.checkRequest(req);
  } catch {
    return false;
  }
  return !api || guard.bearerValid(req.headers.authorization);
}

/** The built page's file a GET names, or null: a path of exactly one of the shapes the page asks for. */
function pageFile(webRoot: string, path: string): string | null {
  if (path === '/' || path === '/index.html') return join(webRoot, 'index.html');
  if (path === '/favicon.svg') return join(webRoot, 'favicon.svg');
  const asset = ASSET.exec(path);
  return asset ? join(webRoot, 'assets', asset[1]!) : null;
}

/** Writes a built file as the app's static route would (type, security headers, no caching past a check); false if none. */
function sendFile(res: ServerResponse, file: string): boolean {
  const type = TYPES[file.slice(file.lastIndexOf('.') + 1)];
  const st = type ? statSync(file, { throwIfNoEntry: false }) : undefined;
  if (!type || !st?.isFile()) return false;
  let body: Buffer;
  try {
    body = readFileSync(file);
  } catch {
    return false;
  }
  setSecurityHeaders(res);
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length, 'Cache-Control': 'public, max-age=0', 'Last-Modified': st.mtime.toUTCString() });
  res.end(body);
  return true;
}

/** The front the start gate consults until the app opens: the page's first reads, answered as the app answers them. */
export function firstAnswer(deps: FirstAnswerDeps): FrontAnswer {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    // The path exactly (a query allowed, as the app's router allows one): a spelling the router would also take
    // (a trailing slash, other case, an escape) is the app's to answer.
    const path = query === -1 ? url : url.slice(0, query);
    const api = path === CONFIG_PATH;
    const file = api || deps.webRoot === null ? null : pageFile(deps.webRoot, path);
    if ((!api && file === null) || !passes(deps.guard, req, api)) return false;
    // A GET has no body the app would have read; what a client sent anyway is let go with the request.
    if (api) {
      deps.holdBackground(PAGE_START_HOLD_MS[CONFIG_PATH]!);
      const body = Buffer.from(JSON.stringify(deps.config()));
      setSecurityHeaders(res);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      res.end(body);
    } else if (!sendFile(res, file!)) return false;
    else {
      const hold = PAGE_START_HOLD_MS[path];
      if (hold !== undefined) deps.holdBackground(hold);
    }
    req.resume();
    return true;
  };
}
