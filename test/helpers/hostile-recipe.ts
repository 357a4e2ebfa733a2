// Files as an attacker would send them, for the remote half of recipe trust: a genuine bundle whose recipe is swapped
// for a URL (with headers and auth settings of the file's choosing), and an HTTP server on 127.0.0.1 that only records
// whether anyone contacted it, so a test can say "nothing was sent before the yes".
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface RecordingServer {
  /** `http://127.0.0.1:<port><path>` */
  url(path?: string): string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** What the server answers a JSON-RPC request posted to it: an empty result, so a replay against it ends promptly. */
function answer(body: string): string | null {
  try {
    const msg = JSON.parse(body) as { id?: unknown; method?: unknown };
    if (msg.id === undefined || typeof msg.method !== 'string') return null;
    const result = msg.method === 'initialize' ? { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'recorder', version: '1' } } : {};
    return JSON.stringify({ jsonrpc: '2.0', id: msg.id, result });
  } catch {
    return null;
  }
}

/** Remembers every request and answers JSON-RPC requests with an empty result: enough to prove whether mcpscope reached out. */
export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const reply = req.method === 'POST' ? answer(body) : null;
      if (reply !== null) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(reply);
      } else {
        res.writeHead(req.method === 'POST' ? 202 : 405);
        res.end();
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/mcp') => `http://127.0.0.1:${port}${path}`,
    requests,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** Rewrites the header of `bundleText` (the layout puts it alone on the second line) and writes the bundle to a file. */
export function rewriteBundle(bundleText: string, edit: (header: Record<string, unknown> & { session: { name: string } }) => void): string {
  const lines = bundleText.split('\n');
  const header = JSON.parse(lines[1]!.replace(/^"header":/, '').replace(/,$/, '')) as Record<string, unknown> & { session: { name: string } };
  edit(header);
  lines[1] = `"header":${JSON.stringify(header)},`;
  const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-hostile-')), 'hostile.bundle.json');
  writeFileSync(file, lines.join('\n'));
  return file;
}

/** `bundleText` with its recipe replaced by `target` (a URL with headers and auth of the file's choosing). */
export function remoteBundle(bundleText: string, target: Record<string, unknown>): string {
  return rewriteBundle(bundleText, (h) => {
    h.target = target;
    delete h.origin;
  });
}
