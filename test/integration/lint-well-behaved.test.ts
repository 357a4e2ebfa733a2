// The demo server and server-everything, driven through the real relay in a normal session, linted like the UI does;
// and server-everything's known deviations from the spec, each caught by the rule docs/lint-and-errors.md names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainError } from '../../shared/error-codes/index.js';
import { JsonSchemaValidator, lintFrames, type Finding } from '../../shared/lint/index.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { DEMO_SERVER, EVERYTHING_SERVER, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { openRemoteSession } from '../helpers/remote-session.js';
import { SessionDriver } from '../helpers/session-driver.js';

const VERSION = '2025-11-25';
const lint = (frames: FrameRecord[]) => lintFrames(frames, { transport: 'stdio', protocolVersion: VERSION, jsonSchemaValidator: new JsonSchemaValidator() });
const errorsOf = (findings: readonly Finding[]) => findings.filter((f) => f.severity === 'error');
/** What fails --strict: warnings and errors. */
const faultsOf = (findings: readonly Finding[]) => findings.filter((f) => f.severity !== 'info');

async function handshake(d: SessionDriver): Promise<void> {
  // A loaded machine can take seconds to start the server: the handshake waits for its answer, however long.
  await d.request(1, 'initialize', { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'lint-test', version: '1.0.0' } }, 30_000);
  d.notify('notifications/initialized');
}

async function demoSession(relay: RelayHandle): Promise<FrameRecord[]> {
  const d = await SessionDriver.open(relay, [process.execPath, DEMO_SERVER], VERSION);
  await handshake(d);
  await d.request(2, 'tools/list');
  await d.request(3, 'tools/call', { name: 'get_weather', arguments: { location: 'Lisbon' } });
  await d.request(4, 'tools/call', { name: 'divide', arguments: { a: 1, b: 0 } });
  await d.request(5, 'tools/call', { name: 'slow_count', arguments: { steps: 2, delayMs: 5 }, _meta: { progressToken: 'count' } });
  await d.request(6, 'logging/setLevel', { level: 'info' });
  await d.request(7, 'tools/call', { name: 'log_message', arguments: { level: 'warning', message: 'hello' } });
  await d.request(8, 'resources/list');
  await d.request(9, 'resources/templates/list');
  await d.request(10, 'resources/read', { uri: 'demo://clock' });
  await d.request(11, 'prompts/list');
  await d.request(12, 'prompts/get', { name: 'weather_report', arguments: { location: 'Paris' } });
  await d.request(13, 'completion/complete', { ref: { type: 'ref/resource', uri: 'demo://cities/{city}' }, argument: { name: 'city', value: 'l' } });
  await d.request(14, 'ping');
  return d.stop();
}

async function everythingSession(relay: RelayHandle): Promise<FrameRecord[]> {
  const d = await SessionDriver.open(relay, [process.execPath, EVERYTHING_SERVER, 'stdio'], VERSION);
  await handshake(d);
  await d.request(2, 'tools/list');
  await d.request(3, 'tools/call', { name: 'echo', arguments: { message: 'hi' } });
  await d.request(4, 'tools/call', { name: 'get-sum', arguments: { a: 1, b: 2 } });
  await d.request(5, 'tools/call', { name: 'get-structured-content', arguments: { location: 'Chicago' } });
  await d.request(6, 'tools/call', { name: 'trigger-long-running-operation', arguments: { duration: 0.2, steps: 2 }, _meta: { progressToken: 'op' } });
  await d.request(7, 'resources/list');
  await d.request(8, 'resources/templates/list');
  await d.request(9, 'prompts/list');
  await d.request(10, 'logging/setLevel', { level: 'info' });
  await d.request(11, 'ping');
  return d.stop();
}

/** The stdio deviations docs/lint-and-errors.md lists: an unknown tool, an invalid log level, and progress after a cancellation. */
async function everythingDeviations(relay: RelayHandle): Promise<FrameRecord[]> {
  const d = await SessionDriver.open(relay, [process.execPath, EVERYTHING_SERVER, 'stdio'], VERSION);
  await handshake(d);
  await d.request(2, 'tools/list');
  await d.request(3, 'tools/call', { name: 'no-such-tool', arguments: {} });
  await d.request(4, 'logging/setLevel', { level: 'loud' });
  d.raw(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'trigger-long-running-operation', arguments: { duration: 0.4, steps: 4 }, _meta: { progressToken: 'op' } },
    }),
  );
  await d.waitFor((f) => f.method === 'notifications/progress', 5_000);
  d.notify('notifications/cancelled', { requestId: 5, reason: 'test' });
  await d.waitFor((f) => f.method === 'notifications/progress' && JSON.parse(f.text).params.progress >= 3, 5_000);
  return d.stop();
}

/** Streamable HTTP with a session id the server never issued: everything answers 400 where the spec says 404. */
async function everythingUnknownSession(relay: RelayHandle, server: RemoteServer): Promise<FrameRecord[]> {
  const s = await openRemoteSession(relay, { transport: 'http', url: server.url('/mcp'), overrides: { sessionId: 'no-such-session' } });
  s.sock.send({ type: 'send', sessionId: s.sid, text: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
  await s.waitExchange((x) => x.state !== 'open' && x.sentSeq === s.frames().find((f) => f.dir === 'out' && f.rpcId === '2')?.seq, 'the tools/list POST');
  await relay.api(`/api/sessions/${s.sid}/stop`, { method: 'POST' });
  s.sock.close();
  return s.frames();
}

let relay: RelayHandle;
let http: RemoteServer;
let demo: Finding[];
let everything: Finding[];
let deviationFrames: FrameRecord[];
let deviations: Finding[];
let unknownSession: Finding[];

beforeAll(async () => {
  [relay, http] = await Promise.all([startRelay(), startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp'])]);
  const [a, b, c, d] = await Promise.all([demoSession(relay), everythingSession(relay), everythingDeviations(relay), everythingUnknownSession(relay, http)]);
  demo = lint(a);
  everything = lint(b);
  deviationFrames = c;
  deviations = lint(c);
  unknownSession = lintFrames(d, { transport: 'http', protocolVersion: VERSION });
});

afterAll(async () => {
  await relay?.stop();
  await http?.stop();
});

describe('well-behaved servers in a normal session', () => {
  it('the demo server produces no findings at all', () => {
    expect(demo).toEqual([]);
  });

  it('server-everything produces no warning or error', () => {
    expect(faultsOf(everything)).toEqual([]);
  });
});

describe("server-everything's known deviations, each caught by its rule", () => {
  const rulesOf = (findings: readonly Finding[]) => [...new Set(findings.map((f) => f.ruleId))].sort();

  it('are the only findings of the session that provokes them, and none is an error', () => {
    expect(rulesOf(deviations)).toEqual(['jsonrpc/invalid-params-as-internal-error', 'mcp/message-after-cancel', 'mcp/unknown-tool-as-result']);
    expect(errorsOf(deviations)).toEqual([]);
  });

  it('an unknown tool answered with an isError result is mcp/unknown-tool-as-result, a note (the spec only says "should", in lowercase)', () => {
    const f = deviations.find((x) => x.ruleId === 'mcp/unknown-tool-as-result')!;
    expect(f.message).toContain('no-such-tool');
    expect(f.severity).toBe('info');
  });

  it('an invalid log level answered -32603 is jsonrpc/invalid-params-as-internal-error, and the explainer says -32602 was due', () => {
    const f = deviations.find((x) => x.ruleId === 'jsonrpc/invalid-params-as-internal-error')!;
    const frame = deviationFrames.find((x) => x.seq === f.seq)!;
    const { error } = JSON.parse(frame.text) as { error: { code: number; message: string } };
    expect(error.code).toBe(-32603);
    const x = explainError({ code: error.code, message: error.message, protocolVersion: VERSION, transport: 'stdio', local: false });
    expect(x.notes.join(' ')).toContain('-32602');
    expect(x.source).toBe('peer');
  });

  it('progress that keeps coming after notifications/cancelled is mcp/message-after-cancel', () => {
    expect(deviations.filter((x) => x.ruleId === 'mcp/message-after-cancel').length).toBeGreaterThan(0);
  });

  it('a session id the server never issued, refused with 400 over Streamable HTTP, is http/unissued-session-status (info), and nothing else', () => {
    // The 400's JSON-RPC error has no id, which Streamable HTTP allows on an error status, and the refused request
    // has had its answer: neither is a finding. (The client skipped initialize on purpose, to send a made-up session
    // id.) The spec's 404 MUST is about a session the server terminated, so for an id it never issued it is silent.
    expect(rulesOf(unknownSession)).toEqual(['http/unissued-session-status', 'mcp/request-before-initialize']);
    expect(unknownSession.find((f) => f.ruleId === 'http/unissued-session-status')!.severity).toBe('info');
  });
});
