// `mcpscope call` over Streamable HTTP sends its request only after the standalone GET (opened by
// notifications/initialized) has its answer. The server here answers that GET late, so a call that did not wait would
// POST its request first. The conformance suite's sse-retry scenario answers a pending tools/call on whichever GET
// arrives, so its verdict depended on this order under load.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

interface Arrival {
  what: string;
  at: number;
}

/** A Streamable HTTP server that answers its GET after `getDelayMs` with `getStatus`, and logs what arrived when. */
function lateGetServer(getDelayMs: number, getStatus: number): Promise<{ server: Server; url: string; log: Arrival[] }> {
  const log: Arrival[] = [];
  const t0 = performance.now();
  const note = (what: string) => log.push({ what, at: performance.now() - t0 });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET') {
      note('GET');
      setTimeout(() => {
        note(`GET answered ${getStatus}`);
        if (getStatus !== 200) return void res.writeHead(getStatus).end();
        res.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 's1' });
        res.write(': open\n\n');
      }, getDelayMs);
      return;
    }
    if (req.method === 'DELETE') return void res.writeHead(200).end();
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const msg = JSON.parse(body) as { id?: number; method: string };
      note(`POST ${msg.method}`);
      if (msg.id === undefined) return void res.writeHead(202).end();
      const result = msg.method === 'initialize' ? { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'late-get', version: '1' } } : {};
      res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's1' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, log }));
  });
}

let open: Server | null = null;
afterEach(async () => {
  open?.closeAllConnections();
  await new Promise((r) => open?.close(r) ?? r(null));
  open = null;
});

describe('mcpscope call over Streamable HTTP', () => {
  for (const status of [200, 405]) {
    it(`sends its request after the standalone GET is answered (${status}, 400 ms late)`, async () => {
      const { server, url, log } = await lateGetServer(400, status);
      open = server;
      const run = await runCli(['call', '--url', url, '--transport', 'http', '--method', 'ping']);
      expect(run.code, run.stderr).toBe(0);
      const order = log.map((a) => a.what);
      expect(order.slice(0, 3)).toEqual(['POST initialize', 'POST notifications/initialized', 'GET']);
      const answered = log.find((a) => a.what === `GET answered ${status}`)!;
      const ping = log.find((a) => a.what === 'POST ping')!;
      expect(answered, order.join(', ')).toBeDefined();
      expect(ping.at, order.join(', ')).toBeGreaterThanOrEqual(answered.at);
    }, 30_000);
  }
});
