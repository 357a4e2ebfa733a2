// Threat model: any web page the user visits can make their browser send requests to 127.0.0.1, and a DNS-rebinding
// page can even make them same-origin under a foreign name; other local users and programs can reach the port too.
// The relay spawns processes, so: a per-launch secret token on every API call and WebSocket upgrade (compared in
// constant time), a Host allow-list (rebinding), an Origin allow-list (CSRF and cross-site WebSockets), and headers
// that keep the UI out of frames and scripts to its own origin.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { RelayError } from '../errors.js';
import { WS_TOKEN_PREFIX } from '../../shared/relay-names.js';

export interface GuardOptions {
  token: string;
  /** The host the relay was told to bind, e.g. 127.0.0.1 or a LAN address with --allow-remote. */
  host: string;
  /** The port actually listened on (known only after listen when 0 was asked). */
  port: () => number;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

export function tokensEqual(a: string, b: string): boolean {
  // Hashing first makes the comparison constant-time whatever the lengths.
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export class SecurityGuard {
  constructor(private readonly opts: GuardOptions) {}

  private allowedHosts(): Set<string> {
    const port = this.opts.port();
    const names = new Set([...LOOPBACK_NAMES, bracketed(this.opts.host)]);
    return new Set([...names].map((n) => `${n}:${port}`.toLowerCase()));
  }

  hostAllowed(hostHeader: string | undefined): boolean {
    return hostHeader !== undefined && this.allowedHosts().has(hostHeader.toLowerCase());
  }

  /** A missing Origin is allowed (same-origin GETs and non-browser clients); a present one must be ours. */
  originAllowed(origin: string | undefined): boolean {
    if (origin === undefined) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    return url.protocol === 'http:' && this.allowedHosts().has(url.host.toLowerCase());
  }

  bearerValid(authorization: string | undefined): boolean {
    const m = /^Bearer (.+)$/.exec(authorization ?? '');
    return m?.[1] !== undefined && tokensEqual(m[1], this.opts.token);
  }

  /** The browser can't set headers on a WebSocket, so the token rides as a subprotocol `token.<token>`. */
  wsTokenValid(protocolHeader: string | undefined): boolean {
    const offered = (protocolHeader ?? '').split(',').map((p) => p.trim());
    const tok = offered.find((p) => p.startsWith(WS_TOKEN_PREFIX));
    return tok !== undefined && tokensEqual(tok.slice(WS_TOKEN_PREFIX.length), this.opts.token);
  }

  /** Checks for any request: Host, then Origin. Throws a RelayError. */
  checkRequest(req: IncomingMessage): void {
    if (!this.hostAllowed(req.headers.host)) throw new RelayError('FORBIDDEN_HOST', `Host ${req.headers.host ?? '(none)'} is not allowed`);
    const fetchSite = req.headers['sec-fetch-site'];
    if (!this.originAllowed(req.headers.origin) || fetchSite === 'cross-site') {
      throw new RelayError('FORBIDDEN_ORIGIN', `Origin ${req.headers.origin ?? '(cross-site)'} is not allowed`);
    }
  }

  /** Host and Origin on every route. */
  readonly hostAndOrigin: RequestHandler = (req, _res, next) => {
    this.checkRequest(req);
    next();
  };

  /** The token, on /api routes. */
  readonly requireToken: RequestHandler = (req, _res, next) => {
    if (!this.bearerValid(req.headers.authorization)) throw new RelayError('UNAUTHORIZED', 'missing or wrong token');
    next();
  };
}

export const securityHeaders: RequestHandler = (_req, res, next) => {
  setSecurityHeaders(res);
  next();
};

/** The headers every answer of the relay carries, the app's and the start's front's (first-answer.ts) alike. */
export function setSecurityHeaders(res: ServerResponse): void {
  res.setHeader(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      "script-src 'self'",
      // Monaco injects style elements at run time.
      "style-src 'self' 'unsafe-inline'",
      // Tool icons may be http(s) or data URLs.
      "img-src 'self' data: https: http:",
      "media-src 'self' data: blob:",
      "font-src 'self' data:",
      "worker-src 'self' blob:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; '),
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}
