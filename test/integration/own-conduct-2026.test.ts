// Issue 31 item 5, mcpscope's own conduct on the 2026-07-28 paths, against real servers on 127.0.0.1: `--transport auto`
// on a legacy HTTP+SSE URL (the Streamable HTTP probe's 404 is not initialize's answer), the era fallback's initialize
// judged by the version it offers, the server/discover POST with its MCP-Protocol-Version header, and the retry a
// -32022 with data.supported asks for. `--lint --strict` exits 4 on any warning or error, ours included.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING_SERVER, FIXTURES } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { runCli } from '../helpers/run-cli.js';

const SCRIPTED = join(FIXTURES, 'scripted-server.mjs');
const STRICT = ['call', '--lint', '--strict', '--method', 'tools/list'];

interface Frame {
  seq: number;
  kind: string;
  dir: string;
  text: string;
}
/** The transcript a --bundle run wrote. */
function transcript(file: string): Frame[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { transcript: Frame[] }).transcript;
}
const bundlePath = () => join(mkdtempSync(join(tmpdir(), 'mcpscope-own-conduct-')), 'b.json');

let sse: RemoteServer;
let http: RemoteServer;
beforeAll(async () => {
  [sse, http] = await Promise.all([startRemoteServer(EVERYTHING_ON_LOOPBACK, ['sse']), startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp'])]);
}, 60_000);
afterAll(async () => {
  await Promise.all([sse?.stop(), http?.stop()]);
});

describe.concurrent("mcpscope's own conduct in the 2026-07-28 paths", () => {
  it('--transport auto on a legacy SSE URL answers initialize over SSE, not with the probe 404: --strict exits 0 in both eras', async () => {
    const file = bundlePath();
    const run = (era: string, more: string[] = []) => runCli([...STRICT, '--era', era, '--transport', 'auto', ...more, '--url', sse.url('/sse')]);
    const [legacy, auto] = await Promise.all([run('legacy', ['--bundle', file]), run('auto')]);
    // The Streamable HTTP probe and the SSE fallback are two clients in one session: no exchange id names both.
    const requestOf = new Map<string, string>();
    for (const f of transcript(file).filter((t) => t.kind === 'http')) {
      const x = JSON.parse(f.text) as { id: string; request?: { method: string; url: string } };
      if (x.request === undefined) continue; // a stream's progress record: its open record named the request
      const request = `${x.request.method} ${x.request.url}`;
      expect(requestOf.get(x.id) ?? request, x.id).toBe(request);
      requestOf.set(x.id, request);
    }
    expect([...requestOf.keys()]).toEqual(expect.arrayContaining(['x1', 's1']));
    for (const r of [legacy, auto]) {
      expect(r.stderr).not.toContain('jsonrpc/duplicate-response');
      expect(r.stderr).toMatch(/lint: \d+ frames, 0 findings/);
      expect(r.code, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as { tools: unknown[] }).tools.length).toBeGreaterThan(0);
    }
    // In the auto era, server/discover's 404 page is a refusal at the HTTP level, which means "not a 2026 server".
    expect(auto.stderr).toMatch(/server\/discover was refused at the HTTP level .*404.*fell back to initialize/);
  }, 90_000);

  it("judges the era fallback's initialize by the version it offers, not by the 2026-07-28 asked for", async () => {
    const run = await runCli([...STRICT, '--era', 'auto', '--protocol', '2026-07-28', '--', process.execPath, EVERYTHING_SERVER, 'stdio']);
    expect(run.stderr).toMatch(/fell back to initialize/);
    expect(run.stderr).not.toContain('mcp/method-not-in-version');
    expect([run.code, run.stderr]).toEqual([0, expect.stringMatching(/lint: \d+ frames, 0 findings/)]);
  }, 60_000);

  it('sends MCP-Protocol-Version on its server/discover POST, also when auto sends it again as Streamable HTTP', async () => {
    const file = bundlePath();
    const run = await runCli([...STRICT, '--era', 'auto', '--transport', 'http', '--bundle', file, '--url', http.url('/mcp')]);
    expect(run.code, run.stderr).toBe(0);
    const posts = transcript(file)
      .filter((f) => f.kind === 'http')
      .map((f) => JSON.parse(f.text) as { request: { method: string; body?: string; headers: [string, string][] } })
      .filter((x) => x.request.method === 'POST' && x.request.body?.includes('"server/discover"'));
    expect(posts.length).toBeGreaterThan(0);
    for (const x of posts) expect(x.request.headers).toContainEqual(['MCP-Protocol-Version', '2026-07-28']);
  }, 60_000);

  it('retries once after -32022, offering the best version data.supported lists', async () => {
    const file = bundlePath();
    const server = ['--', process.execPath, SCRIPTED, '--discover-unsupported', '2025-03-26,2025-06-18', '--versions', '2025-03-26,2025-06-18'];
    const run = await runCli(['call', '--lint', '--strict', '--method', 'ping', '--era', 'auto', '--bundle', file, ...server]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/answered -32022 .*lists 2025-06-18 among the versions it supports, so initialize offers it/);
    const sent = transcript(file)
      .filter((f) => f.dir === 'out' && f.kind === 'request')
      .map((f) => JSON.parse(f.text) as { method: string; params?: { protocolVersion?: string } });
    expect(sent.map((m) => m.method)).toEqual(['server/discover', 'initialize', 'ping']);
    expect(sent[1]!.params?.protocolVersion).toBe('2025-06-18');
    // A pinned modern era is not switched to initialize behind the user's back: the -32022 stands, naming the versions.
    const pinned = await runCli(['call', '--method', 'ping', '--era', 'modern', ...server]);
    expect(pinned.stdout).toContain('"code": -32022');
    expect(pinned.stderr).toMatch(/answered with error -32022/);
  }, 60_000);
});
