// The connection core (server/core/connection.ts, frame-log.ts) records for every program alike: the relay (a real one,
// driven over its WebSocket), `call`'s CallSession (and so `check`, whose scratch connections are CallSessions) and a
// real tap, given one server that writes many stderr lines, answers initialize and exits on tools/list, keep the same
// stderr tail and make the same frames.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrameRecord, RelayConfig, StdioTarget } from '../../shared/relay-protocol.js';
import { STDERR_TAIL_LINES } from '../../shared/stderr-tail.js';
import { CallSession } from '../../server/call/call-session.js';
import { FIXTURES, startRelay, waitFor } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';
import { readTapped, startTap } from '../helpers/tap-process.js';

/** More lines than any tail keeps, so a program that keeps fewer (or all) shows. */
const STDERR_LINES = 3 * STDERR_TAIL_LINES;
const COMMAND = [process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--stderr', String(STDERR_LINES), '--crash-on', 'tools/list'];
const TARGET: StdioTarget = { transport: 'stdio', command: COMMAND[0]!, args: COMMAND.slice(1), env: {} };
const INITIALIZE =
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"core-test","version":"1"}}}';
const TOOLS_LIST = '{"jsonrpc":"2.0","id":2,"method":"tools/list"}';

/** Every field of a frame but where and when it was recorded and who made it (the tap's outgoing frames are the host's). */
function shape(f: FrameRecord): string {
  const { seq: _seq, ts: _ts, origin: _origin, ...rest } = f;
  return JSON.stringify(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b)));
}

/** The server's traffic as a sorted list (stderr and stdout interleave by timing, each in its own order). */
function traffic(frames: FrameRecord[]): string[] {
  return frames
    .filter((f) => f.kind !== 'event')
    .map(shape)
    .sort();
}

function exited(frames: FrameRecord[]): Record<string, unknown> {
  const f = frames.find((x) => x.kind === 'event' && x.method === 'exited');
  if (!f) throw new Error(`no exited event in ${frames.map((x) => x.method ?? x.kind).join(', ')}`);
  return JSON.parse(f.text) as Record<string, unknown>;
}

/** The real relay (`mcpscope -- <command>`), driven over its WebSocket as the page drives it. */
async function throughRelay(): Promise<FrameRecord[]> {
  const relay = await startRelay({ command: COMMAND });
  try {
    const { body: config } = await relay.api<RelayConfig>('/api/config');
    const sid = config.launchSessionId!;
    const sock = await relay.socket();
    sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
    await sock.frame(sid, (f) => f.method === 'spawned', 'the relay to spawn the server');
    sock.send({ type: 'send', sessionId: sid, text: INITIALIZE });
    await sock.frame(sid, (f) => f.kind === 'response', 'the relay session to get its initialize answer');
    sock.send({ type: 'send', sessionId: sid, text: TOOLS_LIST });
    await sock.frame(sid, (f) => f.method === 'exited', 'the relay session to see the exit');
    sock.close();
    return sock.framesOf(sid);
  } finally {
    await relay.stop();
  }
}

async function throughCall(): Promise<{ frames: FrameRecord[]; tail: string }> {
  const session = new CallSession(TARGET, { timeoutMs: 10_000, cancelOnTimeout: false });
  await session.start();
  session.send(INITIALIZE, 'user');
  await waitFor(() => session.frames.some((f) => f.kind === 'response'), 'the call session to get its initialize answer');
  session.send(TOOLS_LIST, 'user');
  await waitFor(() => session.frames.some((f) => f.method === 'exited'), 'the call session to see the exit');
  await session.close();
  return { frames: session.frames, tail: session.stderr() };
}

async function throughTap(): Promise<FrameRecord[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcpscope-core-'));
  const tap = startTap(dataDir, COMMAND);
  tap.proc.stdin.write(`${INITIALIZE}\n`);
  await waitFor(() => Buffer.concat(tap.stdout).includes('"id":1'), 'the tap to pass the initialize answer');
  tap.proc.stdin.write(`${TOOLS_LIST}\n`);
  expect((await tap.exited).code).toBe(3);
  const [recorded] = readTapped(dataDir);
  return recorded!.frames;
}

describe('one connection core for the relay, call/check and the tap', () => {
  it('keeps the same stderr tail and makes the same frames for the same traffic', async () => {
    const [relay, call, tap] = await Promise.all([throughRelay(), throughCall(), throughTap()]);
    const last = [
      ...Array.from({ length: STDERR_TAIL_LINES - 1 }, (_, i) => `stderr line ${STDERR_LINES - STDERR_TAIL_LINES + 2 + i}`),
      'crashing on tools/list',
    ];

    // Every stderr line is recorded; the exit carries the last STDERR_TAIL_LINES of them, in all three.
    for (const frames of [relay, call.frames, tap]) {
      expect(frames.filter((f) => f.kind === 'stderr')).toHaveLength(STDERR_LINES + 1);
      expect(exited(frames)).toEqual({ event: 'exited', code: 3, signal: null, stderrTail: last.join('\n') });
    }
    // What `call` and `check` print when the server dies is that tail too.
    expect(call.tail).toBe(last.join('\n'));

    // The same frames, field by field (the tap's outgoing ones are marked as the host's, the others as the user's).
    expect(traffic(call.frames)).toEqual(traffic(relay));
    expect(traffic(tap)).toEqual(traffic(relay));
    const origins = (frames: FrameRecord[]) => [...new Set(frames.filter((f) => f.dir === 'out').map((f) => f.origin))];
    expect([origins(relay), origins(call.frames), origins(tap)]).toEqual([['user'], ['user'], ['tap']]);
    // Their `spawned` events name the command alike.
    const spawned = (frames: FrameRecord[]) => {
      const { pid: _pid, cwd: _cwd, ...rest } = JSON.parse(frames.find((f) => f.method === 'spawned')!.text) as Record<string, unknown>;
      return rest;
    };
    expect(spawned(call.frames)).toEqual(spawned(relay));
    expect(spawned(tap)).toEqual(spawned(relay));
  });

  it('mcpscope call prints that tail when the server dies under it', async () => {
    const run = await runCli(['call', '--method', 'tools/list', '--', ...COMMAND]);
    expect(run.code).not.toBe(0);
    const printed = run.stderr.split("the server's last stderr lines:\n")[1] ?? '';
    expect(printed.trimEnd().split('\n')).toHaveLength(STDERR_TAIL_LINES);
    expect(printed).toContain('crashing on tools/list');
  });
});
