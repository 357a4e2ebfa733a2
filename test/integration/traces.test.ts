// Traces end to end with real processes: `mcpscope call --trace --otlp` against a server instrumented with the
// OpenTelemetry SDK exports one trace in which the server's own spans nest under mcpscope's client spans; the same
// session exported again from its bundle (protobuf and JSON, and to a file) keeps names, attributes, events and times;
// lint tells a server that breaks propagation from one that keeps it; without --trace nothing is added.
// Each test has an OTLP receiver of its own (the `receiver` fixture), so the blocks after the first, whose tests each
// run their own processes and mostly wait on them, run side by side without reading a neighbour's spans.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it as base } from 'vitest';
import { FIXTURES, startRelay, waitFor } from '../helpers/relay-process.js';
import type { RelayConfig } from '../../shared/relay-protocol.js';
import { startHttpTap, startTap } from '../helpers/tap-process.js';
import { REMOTE_FIXTURE, startRemoteServer } from '../helpers/remote-server.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runCli } from '../helpers/run-cli.js';
import { OtlpReceiver, type ReceivedSpan } from '../fixtures/otlp-receiver.js';
import { parseTraceparent } from '../../shared/trace/trace-context.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpscope-traces-'));
const TRACED = join(FIXTURES, 'traced-server.mjs');
const CLIENT = 3;
const SERVER = 2;

const it = base.extend<{ receiver: OtlpReceiver }>({
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern: none.
  receiver: async ({}, use) => {
    const receiver = await OtlpReceiver.start();
    await use(receiver);
    await receiver.close();
  },
});

/** The traced fixture as the command after `--`, exporting its own spans to `receiver`. */
const served = (receiver: OtlpReceiver, extra: string[] = []) => ['--', process.execPath, TRACED, '--otlp', receiver.url, ...extra];
const ownSpans = (spans: ReceivedSpan[], encoding?: ReceivedSpan['encoding']) =>
  spans.filter((s) => s.service === 'mcpscope' && (!encoding || s.encoding === encoding));
const fixtureSpans = (spans: ReceivedSpan[], traceId: string) => spans.filter((s) => s.service === 'traced-fixture' && s.traceId === traceId);

describe.sequential('a traced session', () => {
  const bundle = join(dir, 'traced.mcpscope');
  let call: ReceivedSpan;

  it('exports as one trace whose server spans nest under mcpscope’s client spans', async ({ receiver }) => {
    const run = await runCli([
      'call',
      '--method',
      'tools/call',
      '--params',
      '{"name":"work","arguments":{}}',
      '--trace',
      '--otlp',
      receiver.url,
      '--bundle',
      bundle,
      '--lint',
      ...served(receiver),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/exported \d+ spans to http:\/\/127\.0\.0\.1:\d+\/v1\/traces \(http\/protobuf\)/);
    const spans = await receiver.until((s) => ownSpans(s).some((x) => x.name === 'tools/call work') && s.some((x) => x.service === 'traced-fixture'));
    call = ownSpans(spans).find((s) => s.name === 'tools/call work')!;
    expect(call.kind).toBe(CLIENT);
    const mine = ownSpans(spans).filter((s) => s.traceId === call.traceId);
    expect(mine.map((s) => s.name)).toEqual(['initialize', 'tools/list', 'tools/call work']);
    const server = fixtureSpans(spans, call.traceId);
    expect(server).toHaveLength(1);
    expect(server[0]).toMatchObject({ name: 'tools/call work', kind: SERVER, parentSpanId: call.spanId });
    // The server's span lies inside mcpscope's client span.
    expect(server[0]!.startMs).toBeGreaterThanOrEqual(call.startMs - 1);
    expect(server[0]!.endMs).toBeLessThanOrEqual(call.endMs + 1);
    expect(call.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'work',
      'jsonrpc.request.id': expect.stringMatching(/^\d+$/),
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'pipe',
    });
    expect(call.events.map((e) => [e.name, e.attributes['mcp.log.data']])).toEqual([['mcp.log', 'working on work']]);
    // The propagating server continues the trace: lint has no hint to give.
    expect(run.stderr).not.toContain('mcp/trace-context-unrelated');
  });

  it('puts a valid traceparent and the session baggage on every request of its own, and records that it did', () => {
    const text = readFileSync(bundle, 'utf8');
    const requests = [...text.matchAll(/"traceparent\\?":\\?"([^"\\]+)/g)].map((m) => m[1]!);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const tp of requests) expect(parseTraceparent(tp).ok, tp).toBe(true);
    expect(text).toContain('mcpscope.session=call-');
    expect(text).toContain('trace-context');
  });

  it('exports the bundle again as JSON with the same spans, ids and times', async ({ receiver }) => {
    const before = receiver.spans.length;
    const run = await runCli(['export', bundle, '--otlp', receiver.url, '--otlp-protocol', 'http/json']);
    expect(run.code, run.stderr).toBe(0);
    const spans = await receiver.until((s) => ownSpans(s.slice(before), 'json').length >= 3);
    const again = ownSpans(spans.slice(before), 'json').find((s) => s.name === 'tools/call work')!;
    expect(again).toMatchObject({ traceId: call.traceId, spanId: call.spanId, startMs: call.startMs, endMs: call.endMs, kind: CLIENT });
  });

  it('writes the bundle’s spans to an OTLP/JSON file', async () => {
    const file = join(dir, 'spans.json');
    const run = await runCli(['export', bundle, '--otlp-file', file]);
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { resourceSpans: { scopeSpans: { spans: { name: string; traceId: string }[] }[] }[] };
    const names = doc.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((x) => x.name)));
    expect(names).toEqual(['initialize', 'tools/list', 'tools/call work']);
  });
});

describe.concurrent('propagation that breaks, and an error', () => {
  it('is told apart by lint, and the server span lands in a trace of its own', async ({ receiver }) => {
    const run = await runCli([
      'call',
      '--method',
      'tools/call',
      '--params',
      '{"name":"work","arguments":{}}',
      '--trace',
      '--lint',
      ...served(receiver, ['--break-propagation']),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('mcp/trace-context-unrelated');
  });

  it('marks a JSON-RPC error on the span with error.type and the code', async ({ receiver }) => {
    const before = receiver.spans.length;
    const run = await runCli([
      'call',
      '--method',
      'tools/call',
      '--params',
      '{"name":"fail","arguments":{}}',
      '--trace',
      '--otlp',
      receiver.url,
      '--otlp-protocol',
      'http/json',
      ...served(receiver),
    ]);
    expect(run.code, run.stderr).toBe(1);
    const spans = await receiver.until((s) => ownSpans(s.slice(before)).some((x) => x.name === 'tools/call fail'));
    const failed = ownSpans(spans.slice(before)).find((x) => x.name === 'tools/call fail')!;
    expect(failed.attributes['error.type']).toBe('-32603');
    expect(failed.status.code).toBe(2);
  });

  it('check --trace --otlp-file writes each scratch connection as a trace of its own, its requests traced', async ({ receiver }) => {
    const file = join(dir, 'check-spans.json');
    const run = await runCli(['check', '--only', 'lifecycle', '--no-robustness', '--trace', '--otlp-file', file, ...served(receiver)]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/wrote \d+ spans as OTLP\/JSON/);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as {
      resourceSpans: { scopeSpans: { spans: { name: string; traceId: string; attributes: { key: string; value: { stringValue?: string } }[] }[] }[] }[];
    };
    const spans = doc.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
    expect(spans.filter((x) => x.name === 'initialize').length).toBeGreaterThanOrEqual(2);
    const sessions = new Set(spans.map((x) => x.attributes.find((a) => a.key === 'mcp.session.id')?.value.stringValue));
    // One trace per connection: as many trace ids as connections.
    expect(new Set(spans.map((x) => x.traceId)).size).toBe(sessions.size);
  });

  it('adds nothing to a 2025-11-25 request without --trace', async ({ receiver }) => {
    const bundle = join(dir, 'plain.mcpscope');
    const run = await runCli(['call', '--method', 'tools/list', '--bundle', bundle, ...served(receiver)]);
    expect(run.code, run.stderr).toBe(0);
    const text = readFileSync(bundle, 'utf8');
    expect(text).not.toContain('traceparent');
    expect(text).not.toContain('mcpscope.session');
  });
});

describe.concurrent('the inspector with --otlp', () => {
  it('exports each exchange as it is answered, not only when the session ends, its own requests traced after the page switched tracing on', async ({
    receiver,
  }) => {
    const relay = await startRelay({
      args: ['--otlp', receiver.url, '--otlp-protocol', 'http/json'],
      command: [process.execPath, TRACED, '--otlp', receiver.url],
    });
    try {
      const sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
      const sock = await relay.socket();
      const traceId = 'aaaabbbbccccddddeeeeffff00001111';
      sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
      // What the page's engine does when the connection bar's switch is turned on, then its first request.
      sock.send({ type: 'trace-context', sessionId: sid, traceId });
      const tp = `00-${traceId}-1234567890abcdef-01`;
      sock.send({
        type: 'send',
        sessionId: sid,
        origin: 'panel',
        text: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
            _meta: { traceparent: tp, baggage: `mcpscope.session=${sid}` },
          },
        }),
      });
      const before = receiver.spans.length;
      await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === '1', 'the initialize result');
      // The session is still running: the answered exchange's span comes anyway (the batch processor's next send).
      const spans = await receiver.until((all) => ownSpans(all.slice(before), 'json').some((x) => x.name === 'initialize'));
      expect(relay.output()).not.toMatch(/exported \d+ spans/);
      sock.close();
      await relay.api(`/api/sessions/${sid}/stop`, { method: 'POST' });
      const init = ownSpans(spans.slice(before), 'json').find((x) => x.name === 'initialize')!;
      // The traceparent the page added names mcpscope's own client span.
      expect(init).toMatchObject({ traceId, spanId: '1234567890abcdef', parentSpanId: '', kind: CLIENT });
      await waitFor(() => relay.output().includes('exported'), 'the relay saying it exported');
      expect(relay.output()).toMatch(/exported \d+ spans to http:\/\/127\.0\.0\.1:\d+\/v1\/traces \(http\/json\)/);
    } finally {
      await relay.stop();
    }
  });
});

describe.concurrent('tap with --otlp', () => {
  it("exports the host's session when the server ends, the host's traceparent as each span's parent", async ({ receiver }) => {
    const before = receiver.spans.length;
    const tap = startTap(join(dir, 'tap-data'), [process.execPath, TRACED, '--otlp', receiver.url], ['--otlp', receiver.url]);
    const hostSpan = '00f067aa0ba902b7';
    const hostTrace = 'cccccccccccccccccccccccccccccccc';
    const lines = [
      { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'host', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'work', arguments: {}, _meta: { traceparent: `00-${hostTrace}-${hostSpan}-01` } } },
    ];
    tap.proc.stdin.write(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    await waitFor(() => Buffer.concat(tap.stdout).toString().includes('work done'), 'the tool result through the tap');
    tap.proc.stdin.end();
    await tap.exited;
    expect(tap.stderr()).toMatch(/exported \d+ spans/);
    const spans = receiver.spans.slice(before);
    const call = ownSpans(spans).find((x) => x.name === 'tools/call work')!;
    // The host's span is the parent of mcpscope's view of the exchange, and the server's span shares the host's trace.
    expect(call).toMatchObject({ traceId: hostTrace, parentSpanId: hostSpan, kind: CLIENT });
    expect(fixtureSpans(spans, hostTrace).map((x) => x.parentSpanId)).toEqual([hostSpan]);
  });
});

describe.concurrent('tap --url with --otlp', () => {
  it('exports the tapped HTTP session when the tap stops', async ({ receiver }) => {
    const server = await startRemoteServer(REMOTE_FIXTURE);
    const before = receiver.spans.length;
    try {
      const tap = await startHttpTap(join(dir, 'http-tap-data'), server.url('/mcp'), '127.0.0.1:0', ['--otlp', receiver.url, '--otlp-protocol', 'http/json']);
      const client = new Client({ name: 'host', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(tap.listen)));
      await client.listTools();
      await client.close();
      tap.proc.kill('SIGINT');
      await tap.exited;
      expect(tap.stderr()).toMatch(/exported \d+ spans to http:\/\/127\.0\.0\.1:\d+\/v1\/traces \(http\/json\)/);
      const spans = ownSpans(receiver.spans.slice(before), 'json');
      expect(spans.map((x) => x.name)).toEqual(expect.arrayContaining(['initialize', 'tools/list']));
      const list = spans.find((x) => x.name === 'tools/list')!;
      expect(list.attributes).toMatchObject({ 'mcp.method.name': 'tools/list', 'network.transport': 'tcp' });
    } finally {
      await server.stop();
    }
  });
});

describe.concurrent('fuzz with --otlp', () => {
  it("sends the campaign's exchanges as spans of one trace, each tool call named after its tool", async ({ receiver }) => {
    const before = receiver.spans.length;
    const run = await runCli([
      'fuzz',
      '--runs',
      '12',
      '--seed',
      '7',
      '--no-record',
      '--out',
      join(dir, 'fuzz-out'),
      '--otlp',
      receiver.url,
      '--',
      process.execPath,
      DEMO_SERVER,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/exported \d+ spans to http:\/\/127\.0\.0\.1:\d+\/v1\/traces \(http\/protobuf\)/);
    const spans = ownSpans(receiver.spans.slice(before));
    const calls = spans.filter((x) => x.name.startsWith('tools/call '));
    expect(calls.length).toBeGreaterThanOrEqual(12);
    expect(calls[0]!.attributes['gen_ai.tool.name']).toBe(calls[0]!.name.slice('tools/call '.length));
    expect(new Set(spans.map((x) => x.traceId)).size).toBe(1);
  });
});
