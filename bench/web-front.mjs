// A front for one relay that serves another build of the page: the page's files come from a folder (a copy of an
// earlier dist/web), everything else (/api, /ws, /oauth) goes to the relay. Two of these over one relay let a bench
// open the same recorded session in two builds, alternately, under the same load.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.png': 'image/png',
};
const TO_RELAY = /^\/(api|ws|oauth)(\/|\?|$)/;

/**
 * Starts a front on a free port serving the page from `webDir` and the rest from the relay on `relayPort`. The page's
 * files carry the relay's own security headers (read from its `/`), so the page runs under the same policy; the Host
 * and Origin of what is forwarded are the relay's, which its allow-lists expect.
 */
export async function startWebFront(webDir, relayPort) {
  const relayHost = `127.0.0.1:${relayPort}`;
  const probe = await fetch(`http://${relayHost}/`);
  const headers = {};
  for (const name of [
    'content-security-policy',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
  ]) {
    const v = probe.headers.get(name);
    if (v !== null) headers[name] = v;
  }
  await probe.arrayBuffer();
  const relabel = (h) => ({ ...h, host: relayHost, ...(h.origin ? { origin: `http://${relayHost}` } : {}) });
  const server = createServer((req, res) => {
    if (TO_RELAY.test(req.url)) {
      const out = request({ host: '127.0.0.1', port: relayPort, method: req.method, path: req.url, headers: relabel(req.headers) }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      out.on('error', () => res.destroy());
      req.pipe(out);
      return;
    }
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(webDir, path);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(webDir, 'index.html');
    res.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': statSync(file).size });
    createReadStream(file).pipe(res);
  });
  // The WebSocket: the upgrade request goes on relabelled, then bytes flow both ways untouched.
  server.on('upgrade', (req, socket, head) => {
    const up = connect(relayPort, '127.0.0.1', () => {
      const h = relabel(req.headers);
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(h).map(([k, v]) => `${k}: ${v}`), '', ''];
      up.write(lines.join('\r\n'));
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    const end = () => {
      up.destroy();
      socket.destroy();
    };
    up.on('error', end);
    socket.on('error', end);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    port: server.address().port,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
