// Issue 12's transport bugs, each against a real HTTP server on 127.0.0.1 or a real child process: a standalone GET
// refused with an HTML page, a 2025 server's 400 to a 2026 request, the probe's GET, a server that closes its stdout,
// and an OAuth 401.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRecord, RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import { EVERYTHING_ON_LOOPBACK, REMOTE_FIXTURE, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { FIXTURES, startRelay } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

const SCRIPTED = join(FIXTURES, 'scripted-server.mjs');

let fixture: RemoteServer;
let everything: RemoteServer;
beforeAll(async () => {
  [fixture, everything] = await Promise.all([startRemoteServer(REMOTE_FIXTURE), startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp'])]);
});
afterAll(async () => {
  await Promise.all([fixture?.stop(), everything?.stop()]);
});

/** Runs `mcpscope call` with --bundle and hands back the run and the transcript it recorded. */
async function callRecorded(args: string[]) {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-robust-')), 'call.bundle.json');
  const started = Date.now();
  const run = await runCli(['call', ...args, '--bundle', file]);
  const ms = Date.now() - started;
  const frames: FrameRecord[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const text = line.replace(/^,/, '').replace(/,$/, '');
    if (text.startsWith('{"seq"') && text.includes('"dir"')) frames.push(JSON.parse(text) as FrameRecord);
  }
  const events = frames.filter((f) => f.kind === 'event').map((f) => JSON.parse(f.text) as { event: string; [k: string]: unknown });
  const exchanges = frames
    .filter((f) => f.kind === 'http')
    .map((f) => JSON.parse(f.text) as { state: string; request: { method: string; headers: [string, string][] }; response?: { status: number } });
  return { run, ms, frames, events, exchanges };
}

const findings = (stderr: string) =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { ruleId: string });

describe('a POST-only server whose standalone GET is a 404 HTML page', () => {
  it('answers every call: the refused GET is recorded and noted, never taken for a transport error', async () => {
    const runs = await Promise.all(Array.from({ length: 6 }, () => runCli(['call', '--method', 'ping', '--lint', '--url', fixture.url('/post-only')])));
    for (const run of runs) {
      expect(run.stderr).not.toMatch(/unanswered-request|relay transport error/);
      expect({ code: run.code, stdout: JSON.parse(run.stdout) as unknown }).toEqual({ code: 0, stdout: {} });
    }
  }, 120_000);

  it('records the refused GET and a stream-unavailable event in the relay, and the session keeps answering', async () => {
    const relay = await startRelay({ args: ['--url', fixture.url('/post-only'), '--transport', 'http'] });
    try {
      const { body: config } = await relay.api<RelayConfig>('/api/config');
      const sid = config.launchSessionId!;
      const sock = await relay.socket();
      sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
      const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'robustness-test', version: '0' } };
      sock.send({ type: 'send', sessionId: sid, text: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init }) });
      await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === '1', 'the initialize answer');
      sock.send({ type: 'send', sessionId: sid, text: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
      const ev = await sock.frame(sid, (f) => f.kind === 'event' && f.method === 'stream-unavailable', 'the stream-unavailable event');
      expect(JSON.parse(ev.text)).toMatchObject({
        status: 404,
        message: expect.stringMatching(/404 Not Found \(a text\/html; charset=utf-8 body of \d+ bytes, see the HTTP exchange\); going on without it/),
      });
      sock.send({ type: 'send', sessionId: sid, text: '{"jsonrpc":"2.0","id":2,"method":"ping"}' });
      await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === '2' && f.kind === 'response', 'the ping answer');
      const frames = sock.framesOf(sid);
      expect(frames.filter((f) => f.kind === 'event' && f.method === 'error')).toEqual([]);
      expect(frames.filter((f) => f.dir === 'in' && f.kind === 'error')).toEqual([]);
      const gets = frames
        .filter((f) => f.kind === 'http')
        .map((f) => JSON.parse(f.text) as { state: string; request: { method: string }; response?: { status: number } });
      expect(gets.find((x) => x.request.method === 'GET' && x.state === 'complete')).toMatchObject({ response: { status: 404 } });
      sock.close();
    } finally {
      await relay.stop();
    }
  }, 60_000);
});

describe('a 2025 Streamable HTTP server asked in the 2026 era', () => {
  it('ties its immediate 400 to the server/discover it answers: the call prints that error at once and exits 1', async () => {
    const { run, ms, events } = await callRecorded(['--era', 'modern', '--method', 'tools/list', '--url', everything.url('/mcp')]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: expect.any(Number), message: expect.stringMatching(/not initialized/i) } });
    expect(run.stderr).toMatch(/sent by the server/);
    expect(ms).toBeLessThan(15_000);
    expect(events.find((e) => e.event === 'http-answer')).toMatchObject({ requestIds: ['1'], status: 400, seq: expect.any(Number) });
  }, 60_000);

  it('falls back to initialize without a GET that lacks the protocol version, and without flagging itself', async () => {
    const { run, exchanges, events } = await callRecorded(['--era', 'auto', '--method', 'tools/list', '--lint', '--url', everything.url('/mcp')]);
    expect(run.code).toBe(0);
    expect(findings(run.stderr).map((f) => f.ruleId)).not.toContain('http/missing-protocol-version');
    const gets = exchanges.filter((x) => x.request.method === 'GET');
    expect(gets.length).toBeGreaterThan(0);
    for (const g of gets) expect(g.request.headers.map(([k]) => k.toLowerCase())).toContain('mcp-protocol-version');
    expect(events.find((e) => e.event === 'probe' && /next message will probe again/.test(String(e.message)))).toBeDefined();
    expect(events.find((e) => e.event === 'transport-selected')).toMatchObject({ transport: 'http' });
  }, 60_000);
});

describe('a stdio server that closes its stdout but stays alive', () => {
  it('fails the call at once with the reason, instead of waiting for a timeout', async () => {
    const started = Date.now();
    const run = await runCli(['call', '--method', 'ping', '--', process.execPath, SCRIPTED, '--close-stdout-on', 'ping']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/closed its stdout but is still running/);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it('gets a stdout-closed event and status in the relay, the process still running', async () => {
    const relay = await startRelay({ command: [process.execPath, SCRIPTED, '--close-stdout-on', 'ping'] });
    try {
      const { body: config } = await relay.api<RelayConfig>('/api/config');
      const sid = config.launchSessionId!;
      const sock = await relay.socket();
      sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
      sock.send({ type: 'send', sessionId: sid, text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
      const ev = await sock.frame(sid, (f) => f.kind === 'event' && f.method === 'stdout-closed', 'the stdout-closed event');
      expect(JSON.parse(ev.text)).toMatchObject({ pid: expect.any(Number), message: expect.stringMatching(/closed its stdout/) });
      const { body: sessions } = await relay.api<SessionInfo[]>('/api/sessions');
      expect(sessions.find((s) => s.id === sid)).toMatchObject({ status: 'stdout-closed', live: true });
      sock.close();
    } finally {
      await relay.stop();
    }
  }, 60_000);
});

describe('an OAuth-protected server answering 401', () => {
  it('fails the request at once with a local error naming authorization and the challenge, not a 30 s wait', async () => {
    const { run, ms, frames, events } = await callRecorded(['--method', 'ping', '--url', fixture.url('/oauth')]);
    expect(run.code).toBe(2);
    expect(ms).toBeLessThan(15_000);
    expect(run.stderr).toMatch(/requires authorization \(WWW-Authenticate: Bearer realm="mcp", error="invalid_token"/);
    expect(run.stderr).toMatch(/CLIENT_HTTP_AUTHENTICATION, made locally/);
    expect(run.stderr).toMatch(/--header 'Authorization: Bearer <token>'/);
    // The RFC 6750 body is an HTTP error, not a JSON-RPC message: it stays in the exchange.
    expect(frames.filter((f) => f.dir === 'in')).toEqual([]);
    expect(events.find((e) => e.event === 'http-answer')).toMatchObject({ requestIds: ['1'], status: 401, challenge: expect.stringMatching(/^Bearer /) });
  }, 60_000);

  it('works once the token is given', async () => {
    const run = await runCli(['call', '--method', 'tools/list', '--url', fixture.url('/oauth'), '--header', 'Authorization: Bearer good-token']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ tools: expect.arrayContaining([expect.objectContaining({ name: 'echo' })]) });
  }, 60_000);
});
