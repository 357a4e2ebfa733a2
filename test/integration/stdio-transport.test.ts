import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StdioTransport } from '../../server/transports/stdio-transport.js';
import type { TransportEvent, TransportHandlers } from '../../server/transports/transport.js';
import { FIXTURES, pidAlive, waitFor } from '../helpers/relay-process.js';

const SCRIPTED = join(FIXTURES, 'scripted-server.mjs');

function collector() {
  const got = {
    messages: [] as Buffer[],
    stderr: [] as string[],
    events: [] as TransportEvent[],
    oversize: [] as Array<{ head: Buffer; size: number }>,
    closed: false,
    order: [] as string[],
  };
  const handlers: TransportHandlers = {
    onMessage: (b) => {
      got.messages.push(b);
      got.order.push(`out:${b.toString().slice(0, 20)}`);
    },
    onOversize: (head, size) => got.oversize.push({ head, size }),
    onStderr: (b) => {
      got.stderr.push(b.toString());
      got.order.push(`err:${b.toString()}`);
    },
    onEvent: (e) => got.events.push(e),
    onClosed: () => (got.closed = true),
  };
  return { got, handlers };
}

const scripted = (...args: string[]) => new StdioTransport({ command: process.execPath, args: [SCRIPTED, ...args], env: {}, graceMs: 500 });

describe('StdioTransport', () => {
  it('spawns the server, answers a request, and keeps a noise line byte-exact', async () => {
    const t = scripted('--noise');
    const { got, handlers } = collector();
    await t.start(handlers);
    expect(got.events[0]).toMatchObject({ event: 'spawned' });
    t.send(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}'));
    await waitFor(() => got.messages.length >= 2, 'ping response');
    expect(got.messages[0]!.toString()).toBe('this is not json, just a stray log line');
    expect(JSON.parse(got.messages[1]!.toString())).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    await t.close();
    expect(got.events.at(-1)).toMatchObject({ event: 'exited', code: 0 });
  });

  it('captures stderr line by line, in order', async () => {
    const t = scripted('--stderr', '3');
    const { got, handlers } = collector();
    await t.start(handlers);
    await waitFor(() => got.stderr.length === 3, 'three stderr lines');
    expect(got.stderr).toEqual(['stderr line 1', 'stderr line 2', 'stderr line 3']);
    await t.close();
  });

  it('reports a crashing server’s exit code after its last stderr line', async () => {
    const t = scripted('--crash-on', 'tools/list');
    const { got, handlers } = collector();
    await t.start(handlers);
    t.send(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'));
    await waitFor(() => got.closed, 'close');
    const exited = got.events.find((e) => e.event === 'exited');
    expect(exited).toMatchObject({ event: 'exited', code: 3, signal: null });
    // The tail itself is the connection's (core/frame-log.ts); the transport hands every line over before the exit.
    expect(got.order.at(-1)).toContain('crashing on tools/list');
    expect(t.alive).toBe(false);
    expect(() => t.send(Buffer.from('{}'))).toThrow(/not running/);
  });

  it('reports a command that does not exist as an error, not a crash', async () => {
    const t = new StdioTransport({ command: '/nonexistent/mcp-server', args: [], env: {} });
    const { got, handlers } = collector();
    await t.start(handlers);
    expect(got.events[0]).toMatchObject({ event: 'error', code: 'ENOENT' });
    expect(got.closed).toBe(true);
  });

  it('turns a 20 MB line into an oversize frame and stays connected', async () => {
    const t = scripted('--big-line', String(20 * 1024 * 1024));
    const { got, handlers } = collector();
    await t.start(handlers);
    await waitFor(() => got.oversize.length === 1, 'oversize frame', 20_000);
    expect(got.oversize[0]!.size).toBe(20 * 1024 * 1024);
    expect(got.oversize[0]!.head.length).toBe(64 * 1024);
    t.send(Buffer.from('{"jsonrpc":"2.0","id":2,"method":"ping"}'));
    await waitFor(() => got.messages.some((m) => m.toString().includes('"id":2')), 'ping after the big line');
    await t.close();
  });

  it('keeps invalid UTF-8 bytes exactly as the server wrote them', async () => {
    const t = scripted('--bad-utf8');
    const { got, handlers } = collector();
    await t.start(handlers);
    await waitFor(() => got.messages.length === 1, 'the bad line');
    expect([...got.messages[0]!]).toEqual([0x7b, 0xff, 0xfe, 0x7d]);
    await t.close();
  });

  it('climbs the shutdown ladder to SIGKILL for a server that ignores stdin EOF and SIGTERM', async () => {
    const t = scripted('--stubborn');
    const { got, handlers } = collector();
    await t.start(handlers);
    // Closing before the server has armed its SIGTERM handler would test Node's default handling, not the ladder.
    await waitFor(() => got.stderr.some((l) => l.startsWith('stubborn')), 'the stubborn server to be ready');
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const signals = got.events.flatMap((e) => (e.event === 'signal-sent' ? [e.signal] : []));
    expect(signals).toEqual(['SIGTERM', 'SIGKILL']);
    expect(got.events.at(-1)).toMatchObject({ event: 'exited', signal: 'SIGKILL' });
  });

  it('skips the grace for a server known to be hung: SIGTERM at once, SIGKILL soon after, whatever graceMs says', async () => {
    // A minute of grace per step: a close that waited for it would outlive the test's own 15 s limit.
    const t = new StdioTransport({ command: process.execPath, args: [SCRIPTED, '--stubborn'], env: {}, graceMs: 60_000 });
    const { got, handlers } = collector();
    await t.start(handlers);
    await waitFor(() => got.stderr.some((l) => l.startsWith('stubborn')), 'the stubborn server to be ready');
    await t.close('the server hung', { hung: true });
    const signals = got.events.flatMap((e) => (e.event === 'signal-sent' ? [e.signal] : []));
    expect(signals).toEqual(['SIGTERM', 'SIGKILL']);
    expect(got.events.at(-1)).toMatchObject({ event: 'exited', signal: 'SIGKILL' });
  }, 15_000);

  it('leaves no grandchild running after close', async () => {
    const t = scripted('--grandchild');
    const { got, handlers } = collector();
    await t.start(handlers);
    const line = await waitFor(() => got.stderr.find((l) => l.startsWith('grandchild ')), 'grandchild pid');
    const pid = Number(line.split(' ')[1]);
    expect(pidAlive(pid)).toBe(true);
    await t.close();
    await waitFor(() => !pidAlive(pid), 'grandchild to die', 5000);
  });
});
