// `mcpscope tap --url <server> --listen 127.0.0.1:<port>`: a reverse proxy a host points at instead of a remote MCP
// server (Streamable HTTP, 2026-07-28 HTTP or legacy SSE). Requests, responses and SSE streams pass chunk by chunk as
// they arrive; a copy of each goes to the recording thread with secret headers masked. Threat: a proxy that buffers
// or changes the traffic it watches, that records credentials, or that others on the network can use: it binds
// loopback unless told otherwise, changes only what a proxy must (hop-by-hop headers, Host, Accept-Encoding, and a
// legacy `endpoint` that would send the host around it), and records every such change.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isSecretName } from '../../shared/redaction/secret-patterns.js';
import { now } from '../store/clock.js';
import { storedTarget } from '../core/stored-target.js';
import { urlHost } from '../url-host.js';
import { HeaderMask, maskUrl } from '../transports/header-mask.js';
import { keepAliveHttpAgent, keepAliveHttpsAgent } from '../transports/keep-alive-agents.js';
import { EndpointRewriter } from './endpoint-rewriter.js';
import type { HeaderList } from './http-tap-record.js';
import { openTapRecording, say, type TapRecordingFlags } from './tap-recording.js';

export interface HttpTapOptions extends TapRecordingFlags {
  url: string;
  host: string;
  port: number;
}

/** Headers that describe one hop, not the message (RFC 9110 §7.6.1), plus Host, which names the proxy. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);
const FINISH_MS = 10_000;

function pairs(raw: string[]): HeaderList {
  const out: HeaderList = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

/** Values of Authorization, cookies, API keys and anything named like a secret are masked in the record. */
function masked(lines: HeaderList): HeaderList {
  const mask = new HeaderMask(Object.fromEntries(lines.filter(([k]) => isSecretName(k))));
  return mask.lines(lines);
}

/** The host's request headers as the server gets them: hop-by-hop ones dropped, identity encoding asked for. */
function forwardHeaders(lines: HeaderList, upstream: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of lines) {
    const lower = k.toLowerCase();
    if (HOP.has(lower) || lower === 'accept-encoding') continue;
    const prev = out[lower];
    out[lower] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [prev]), v];
  }
  out.host = upstream.host;
  // Recorded bodies must be readable: the server is asked not to compress (it may still; the bytes pass either way).
  out['accept-encoding'] = 'identity';
  return out;
}

export async function runHttpTap(o: HttpTapOptions): Promise<number> {
  const upstream = new URL(o.url);
  const target = storedTarget({ transport: 'http', url: o.url, headers: {} });
  const recording = openTapRecording(o, target);
  const secure = upstream.protocol === 'https:';
  const agent = secure ? keepAliveHttpsAgent() : keepAliveHttpAgent();
  let proxyOrigin = '';
  let exchanges = 0;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const id = `x${++exchanges}`;
    const url = new URL(req.url ?? '/', upstream.origin);
    const method = req.method ?? 'GET';
    const reqLines = pairs(req.rawHeaders);
    recording.http({ h: 'request', id, ts: now(), method, url: maskUrl(url.href), headers: masked(reqLines) });
    const up = (secure ? httpsRequest : httpRequest)(url, { method, headers: forwardHeaders(reqLines, upstream), agent });
    let ended = false;
    const end = (error?: { code: string; message: string }) => {
      if (ended) return;
      ended = true;
      recording.http({ h: 'response-end', id, ts: now(), ...(error ? { error } : {}) });
    };
    req.on('data', (c: Buffer) => recording.http({ h: 'request-body', id, b: c }));
    req.on('end', () => recording.http({ h: 'request-end', id, ts: now() }));
    req.pipe(up);
    up.on('response', (ur) => {
      const lines = pairs(ur.rawHeaders);
      recording.http({ h: 'response', id, ts: now(), status: ur.statusCode ?? 0, statusText: ur.statusMessage ?? '', headers: masked(lines) });
      const sse = method === 'GET' && /^text\/event-stream/i.test(ur.headers['content-type'] ?? '');
      const rewriter = sse
        ? new EndpointRewriter(upstream, proxyOrigin, (r) => {
            recording.event({ event: r.to === null ? 'endpoint-kept' : 'endpoint-rewritten', exchange: id, from: maskUrl(r.from), to: r.to, why: r.why });
            if (r.to !== null) say(`rewrote the legacy SSE endpoint ${maskUrl(r.from)} to ${r.to}`);
          })
        : null;
      const out = lines.filter(([k]) => !HOP.has(k.toLowerCase()) && !(rewriter && k.toLowerCase() === 'content-length')).flat();
      res.writeHead(ur.statusCode ?? 502, ur.statusMessage, out);
      // Headers now, body chunks as they come: an SSE stream must not wait in a buffer.
      res.flushHeaders();
      ur.on('data', (c: Buffer) => {
        recording.http({ h: 'response-body', id, ts: now(), b: c });
        if (!res.write(rewriter ? rewriter.push(c) : c)) {
          ur.pause();
          res.once('drain', () => ur.resume());
        }
      });
      ur.on('end', () => {
        if (rewriter) res.write(rewriter.end());
        res.end();
        end();
      });
      ur.on('aborted', () => {
        res.destroy();
        end({ code: 'ABORTED', message: 'the server cut the response' });
      });
      ur.on('error', () => undefined);
    });
    up.on('error', (err: NodeJS.ErrnoException) => {
      const message = `cannot reach ${upstream.host}: ${err.message}`;
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`mcpscope tap: ${message}\n`);
      } else res.destroy();
      end({ code: err.code ?? 'ERROR', message });
    });
    // The host went away (or closed a stream it no longer wants): so does the request to the server.
    res.on('close', () => {
      if (!ended) {
        up.destroy();
        end({ code: 'ABORTED', message: 'the host closed the connection' });
      }
    });
  };

  const server = createServer(handle);
  const listenError = await new Promise<NodeJS.ErrnoException | null>((ok) => {
    server.once('error', ok);
    server.listen(o.port, o.host, () => ok(null));
  });
  if (listenError) {
    // A port taken or not ours to bind: said plainly, recorded as a failed tap, no stack trace.
    const why = listenError.code === 'EADDRINUSE' ? 'the port is in use' : listenError.code === 'EACCES' ? 'not allowed to bind it' : listenError.message;
    say(`cannot listen on ${urlHost(o.host, o.host)}:${o.port}: ${why}`);
    recording.event({ event: 'error', message: `listen failed: ${listenError.message}`, ...(listenError.code ? { code: listenError.code } : {}) });
    agent.destroy();
    await recording.finish({ status: 'failed' }, FINISH_MS);
    return 1;
  }
  const addr = server.address();
  const [port, bound] = addr && typeof addr === 'object' ? [addr.port, addr.address] : [o.port, o.host];
  proxyOrigin = `http://${urlHost(o.host, bound)}:${port}`;
  const listenUrl = `${proxyOrigin}${upstream.pathname}${upstream.search}`;
  recording.event({ event: 'tap-started', listen: listenUrl, upstream: maskUrl(upstream.href) }, { status: 'running' });
  say(`listening on ${listenUrl}, passing to ${maskUrl(upstream.href)}: point the host at ${listenUrl}`);

  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      recording.event({ event: 'stopping', reason: `the tap received ${signal}` });
      server.close();
      server.closeAllConnections();
      agent.destroy();
      void recording.finish({ status: 'stopped' }, FINISH_MS).then(() => resolve(0));
    };
    for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(sig, () => stop(sig));
  });
}
