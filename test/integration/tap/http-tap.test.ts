// mcpscope tap --url: the MCP SDK's HTTP clients talk to server-everything (Streamable HTTP and legacy SSE, pinned to
// loopback) through the tap, and get what a direct connection gets; the tap records it with the secrets masked.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../../helpers/remote-server.js';
import { freePort } from '../../helpers/free-port.js';
import { readTapped, startHttpTap as startTap, type HttpTapHandle } from '../../helpers/tap-process.js';

const SECRET = 'tap-test-secret-4f1c9a';
let server: RemoteServer | null = null;
let tap: ChildProcessWithoutNullStreams | null = null;

afterEach(async () => {
  tap?.kill('SIGTERM');
  tap = null;
  await server?.stop();
  server = null;
});

/** Starts an HTTP tap on `url` (kept for afterEach to stop). */
async function startHttpTap(dataDir: string, url: string, listen?: string): Promise<HttpTapHandle> {
  const t = await startTap(dataDir, url, listen);
  tap = t.proc;
  return t;
}

async function converse(transport: Transport) {
  const client = new Client({ name: 'tap-http-host', version: '1.0.0' });
  await client.connect(transport);
  const tools = await client.listTools();
  const echo = await client.callTool({ name: 'echo', arguments: { message: 'over http' } });
  const sum = await client.callTool({ name: 'get-sum', arguments: { a: 1, b: 2 } });
  const prompt = await client.getPrompt({ name: 'simple-prompt' });
  await client.close();
  return { server: client.getServerVersion(), tools, echo, sum, prompt };
}

const headers = { Authorization: `Bearer ${SECRET}` };

describe('mcpscope tap --url', () => {
  it('proxies Streamable HTTP with SSE responses unchanged, and records every message with Authorization masked', async () => {
    server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']);
    const expected = await converse(new StreamableHTTPClientTransport(new URL(server.url('/mcp')), { requestInit: { headers } }));
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpscope-http-tap-'));
    const t = await startHttpTap(dataDir, server.url('/mcp'));
    expect(t.listen).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const got = await converse(new StreamableHTTPClientTransport(new URL(t.listen), { requestInit: { headers } }));
    expect(got).toEqual(expected);

    tap!.kill('SIGTERM');
    expect(await t.exited).toBe(0);
    const [{ session, frames }] = readTapped(dataDir) as [ReturnType<typeof readTapped>[number]];
    expect(session).toMatchObject({ status: 'stopped', target: { transport: 'http', url: server.url('/mcp') } });
    const out = frames.filter((f) => f.dir === 'out').map((f) => f.method);
    expect(out).toEqual(expect.arrayContaining(['initialize', 'notifications/initialized', 'tools/list', 'tools/call', 'prompts/get']));
    expect(frames.filter((f) => f.dir === 'out').every((f) => f.origin === 'tap')).toBe(true);
    // Every request answered, the answers carried in SSE events or JSON bodies.
    const requests = frames.filter((f) => f.dir === 'out' && f.kind === 'request').map((f) => f.rpcId);
    const answered = new Set(frames.filter((f) => f.dir === 'in' && f.kind === 'response').map((f) => f.rpcId));
    expect(requests.filter((id) => !answered.has(id))).toEqual([]);
    expect(frames.find((f) => f.dir === 'in' && f.text.includes('Echo: over http'))).toBeDefined();
    const exchanges = frames
      .filter((f) => f.kind === 'http')
      .map(
        (f) =>
          JSON.parse(f.text) as {
            state: string;
            request: { method: string; headers: [string, string][] };
            response: { status: number; events?: unknown[] } | null;
          },
      );
    const posts = exchanges.filter((x) => x.state === 'complete' && x.request.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(6);
    expect(posts.some((x) => (x.response?.events?.length ?? 0) > 0)).toBe(true);
    expect(posts[0]!.request.headers.find(([k]) => k.toLowerCase() === 'authorization')?.[1]).toMatch(/^Bearer (?!tap-test)/);
    // The secret appears nowhere in the store.
    expect(JSON.stringify(readTapped(dataDir))).not.toContain(SECRET);
  });

  it('proxies legacy HTTP+SSE: the stream stays open unbuffered, and the endpoint event is recorded as kept (it is relative)', async () => {
    server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['sse']);
    const expected = await converse(new SSEClientTransport(new URL(server.url('/sse'))));
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpscope-http-tap-'));
    const t = await startHttpTap(dataDir, server.url('/sse'));
    const got = await converse(new SSEClientTransport(new URL(t.listen)));
    expect(got).toEqual(expected);

    tap!.kill('SIGTERM');
    expect(await t.exited).toBe(0);
    const [{ frames }] = readTapped(dataDir) as [ReturnType<typeof readTapped>[number]];
    const endpoint = frames.find((f) => f.kind === 'event' && (f.method === 'endpoint-kept' || f.method === 'endpoint-rewritten'));
    expect(endpoint?.method).toBe('endpoint-kept');
    expect(JSON.parse(endpoint!.text)).toMatchObject({ from: expect.stringMatching(/^\/message\?sessionId=/), to: null });
    // The answers came on the GET stream, recorded as the server's frames as they arrived.
    expect(frames.find((f) => f.dir === 'in' && f.kind === 'response' && f.text.includes('Echo: over http'))).toBeDefined();
    const stream = frames.filter((f) => f.kind === 'http').map((f) => JSON.parse(f.text) as { state: string; request: { method: string } });
    expect(stream.some((x) => x.request.method === 'GET' && x.state === 'open')).toBe(true);
  });

  it('listens on the fixed port given with --listen 127.0.0.1:<port> and serves a host there', async () => {
    server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']);
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpscope-http-tap-'));
    const port = await freePort();
    const t = await startHttpTap(dataDir, server.url('/mcp'), `127.0.0.1:${port}`);
    expect(t.listen).toBe(`http://127.0.0.1:${port}/mcp`);
    const client = new Client({ name: 'tap-fixed-port-host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    const echo = await client.callTool({ name: 'echo', arguments: { message: 'fixed port' } });
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: fixed port' }]);
    await client.close();

    tap!.kill('SIGTERM');
    expect(await t.exited).toBe(0);
    const [{ frames }] = readTapped(dataDir) as [ReturnType<typeof readTapped>[number]];
    expect(frames.filter((f) => f.dir === 'out' && f.kind === 'request').map((f) => f.method)).toEqual(['initialize', 'tools/call']);
  });

  it('says the port is taken and exits 1 when --listen names a busy one', async () => {
    server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']);
    const busy = new URL(server.url('/mcp')).port;
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpscope-http-tap-'));
    const p = spawn(process.execPath, [BIN, 'tap', '--url', server.url('/mcp'), '--listen', `127.0.0.1:${busy}`, '--data-dir', dataDir], { stdio: 'pipe' });
    let err = '';
    p.stderr.on('data', (c: Buffer) => (err += c.toString()));
    expect(await new Promise((r) => p.on('close', r))).toBe(1);
    expect(err).toContain(`cannot listen on 127.0.0.1:${busy}: the port is in use`);
    expect(err).not.toMatch(/\n\s+at /);
    expect(readTapped(dataDir).map((t) => t.session.status)).toEqual(['failed']);
  });

  it('refuses a --listen address that is not loopback without --allow-remote', async () => {
    const p = spawn(process.execPath, [BIN, 'tap', '--url', 'http://127.0.0.1:9/mcp', '--listen', '0.0.0.0:0'], { stdio: 'pipe' });
    let err = '';
    p.stderr.on('data', (c: Buffer) => (err += c.toString()));
    expect(await new Promise((r) => p.on('close', r))).toBe(2);
    expect(err).toContain('--listen 0.0.0.0 is not loopback; add --allow-remote');
  });
});
