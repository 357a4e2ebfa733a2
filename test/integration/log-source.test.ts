// Both implementations of the log source (in-page and windowed) against one table of expectations, over one real
// recording: a scripted server's session read through an in-process relay, held whole by one page store and as a
// head and tail (the rest read through the relay) by the other.
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { createRelay } from '../../server/relay/app.js';
import { Recorder } from '../../server/store/recorder.js';
import { SecurityGuard } from '../../server/relay/security.js';
import { SessionManager } from '../../server/relay/session-manager.js';
import { RecipeTrust } from '../../server/trust/recipe-trust.js';
import { EMPTY_FILTER, type FrameFilter } from '../../web/lib/log/frame-filter.js';
import type { LogSource } from '../../web/lib/log/log-source.js';
import { linksOf } from '../../web/lib/log/frame-links.js';
import { MessageStore } from '../../web/lib/log/message-store.js';
import { createRelayHttp } from '../../web/lib/relay/relay-http.js';
import { FIXTURES } from '../helpers/relay-process.js';

const TOKEN = 'log-source-token-0123456789abcdef';
const FLOOD = 150;
/** The windowed store holds 5 frames of the head and 10 of the tail: everything between is read through the relay. */
const BOUND = { head: 5, tail: 10 };

/**
 * A message's bytes as the page sends them: the stdio transport adds the newline. (With one of its own each message was
 * followed by an empty line, which the server answered with a parse error after its answer: the last of those could
 * be recorded after the test had read the recording, and the windowed log, which asks the relay, then showed one
 * error more than the in-page one.)
 */
const line = (msg: unknown) => Buffer.from(JSON.stringify(msg));
/** What the client sends, in order; the scripted server answers each request. */
const SCRIPT = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  // Past the head the windowed store holds, and before the flood: it, its findings and its answer are in the gap.
  { jsonrpc: '1.0', id: 4, method: 'ping' },
  { jsonrpc: '2.0', id: 3, method: 'flood' },
  { jsonrpc: '2.0', id: 5, method: 'no/such-method' },
  { jsonrpc: '2.0', id: 6, method: 'ping' },
  { jsonrpc: '2.0', id: 7, method: 'tools/list' },
];

/** Waits until `read` gives a value, asking again whenever the store says something changed. */
function when<T>(store: MessageStore, read: () => T | undefined, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const first = read();
    if (first !== undefined) return resolve(first);
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out waiting for ${what}`));
    }, 10_000);
    const stop = store.subscribe(() => {
      const v = read();
      if (v === undefined) return;
      clearTimeout(timer);
      stop();
      resolve(v);
    });
  });
}

/** Every row a filter lets through, as seqs, once the source has counted and read them all. */
async function seqsOf(store: MessageStore, source: LogSource, filter: FrameFilter): Promise<number[]> {
  return when(
    store,
    () => {
      const rows = source.rows(filter);
      if (rows.pending) return undefined;
      const out: number[] = [];
      for (let i = 0; i < rows.count; i++) {
        const e = rows.rowAt(i);
        if (!e) return undefined;
        out.push(e.frame.seq);
      }
      return out;
    },
    `the rows of ${JSON.stringify(filter)}`,
  );
}

describe('the log source, in-page and windowed, over the same recording', () => {
  let server: Server;
  let recorder: Recorder;
  let sessions: SessionManager;
  let frames: FrameRecord[] = [];
  const logs: Array<{ name: string; store: MessageStore; source: LogSource; stop: () => void }> = [];
  /** The relay's lint summaries as the windowed log's polls received them. */
  const summaries: string[] = [];
  /** What a frame of the recording is: found by its text, so the table below reads like the script. */
  const seqWhere = (dir: FrameRecord['dir'], test: (msg: Record<string, unknown>) => boolean) =>
    frames.filter((f) => f.dir === dir && f.kind !== 'stderr' && test(JSON.parse(f.text) as Record<string, unknown>)).map((f) => f.seq);

  beforeAll(async () => {
    recorder = new Recorder(null);
    sessions = new SessionManager({ recorder, maxLineBytes: 1 << 20, graceMs: 500, trust: new RecipeTrust(null) });
    let port = 0;
    const guard = new SecurityGuard({ token: TOKEN, host: '127.0.0.1', port: () => port });
    const config = {
      version: 't',
      defaultTarget: { transport: 'stdio' as const, command: 'x', args: [], env: {} },
      defaultProtocolVersion: '2025-11-25',
      protocolVersions: ['2025-11-25'],
      launchSessionId: null,
      dataDir: '/tmp',
      maxLineBytes: 1 << 20,
    };
    const relay = createRelay({ sessions, guard, webRoot: '/nonexistent', version: 't', config: () => config });
    server = createServer(relay.app);
    relay.attach(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
    const http = createRelayHttp(TOKEN, () => undefined, `http://127.0.0.1:${port}`);

    const target = { transport: 'stdio' as const, command: process.execPath, args: [join(FIXTURES, 'scripted-server.mjs'), '--flood', String(FLOOD)], env: {} };
    // Each answer is heard as the relay records it: the next message goes out only then, so the recording's order is
    // the script's.
    let heard: ((f: FrameRecord) => void) | null = null;
    const session = await sessions.create({ target, protocolVersion: '2025-11-25', handshake: false }, { tap: (f) => heard?.(f) });
    const id = session.info().id;
    for (const msg of SCRIPT) {
      const answered = 'id' in msg ? new Promise<void>((resolve) => (heard = (f) => f.dir === 'in' && f.rpcId === String(msg.id) && resolve())) : null;
      session.send(line(msg), 'user');
      await answered;
    }
    frames = (await http.call('frames', { params: { id }, query: { limit: 10_000 } })).frames;
    expect(frames.filter((f) => f.dir === 'in' && f.rpcId !== null)).toHaveLength(SCRIPT.filter((m) => 'id' in m).length);

    const lint = { transport: 'stdio' as const, protocolVersion: '2025-11-25' };
    const whole = new MessageStore(null, http);
    whole.configureLint(id, lint);
    whole.append(id, frames);
    // As the relay's socket delivers a session larger than the page's bound: its size first, then head and tail.
    // The windowed store's client notes each lint summary the relay answers, in the order they come.
    const windowedHttp: typeof http = {
      call: ((name: Parameters<typeof http.call>[0], ...args: unknown[]) => {
        const answer = (http.call as (n: typeof name, ...a: unknown[]) => Promise<unknown>)(name, ...args);
        if (name === 'findingsSummary')
          void answer.then(
            (s) => summaries.push(JSON.stringify(s)),
            () => undefined,
          );
        return answer;
      }) as typeof http.call,
    };
    const windowed = new MessageStore(BOUND, windowedHttp);
    windowed.configureLint(id, lint);
    windowed.noteReported(id, frames.length, BOUND.head + BOUND.tail);
    windowed.append(id, frames.slice(0, BOUND.head));
    windowed.append(id, frames.slice(-BOUND.tail));
    for (const [name, store] of [
      ['in-page', whole],
      ['windowed', windowed],
    ] as const) {
      const source = store.source(id);
      logs.push({ name, store, source, stop: source.watch() });
    }
  });

  afterAll(async () => {
    for (const l of logs) l.stop();
    await sessions.stopAll('test over');
    await new Promise<void>((r) => server.close(() => r()));
    recorder.close();
  });

  it('gives each store the implementation its size calls for', () => {
    expect(logs.map((l) => [l.name, l.source.constructor.name, l.source.held.length])).toEqual([
      ['in-page', 'InPageLog', frames.length],
      ['windowed', 'WindowedLog', BOUND.head + BOUND.tail],
    ]);
  });

  // The table: a filter and the seqs it must show, computed from the recording itself.
  const table: Array<{ what: string; filter: FrameFilter; expected: () => number[] }> = [
    { what: 'every frame, in seq order', filter: EMPTY_FILTER, expected: () => frames.map((f) => f.seq) },
    {
      what: 'a method, with the answers to its requests',
      filter: { ...EMPTY_FILTER, method: 'tools/list' },
      expected: () => frames.filter((f) => f.method === 'tools/list' || (['2', '7'].includes(f.rpcId ?? '') && f.dir === 'in')).map((f) => f.seq),
    },
    { what: 'requests only', filter: { ...EMPTY_FILTER, kinds: ['request'] }, expected: () => frames.filter((f) => f.kind === 'request').map((f) => f.seq) },
    { what: 'error responses', filter: { ...EMPTY_FILTER, kinds: ['error'] }, expected: () => seqWhere('in', (m) => 'error' in m) },
    {
      what: 'text, any case',
      filter: { ...EMPTY_FILTER, text: 'NO/SUCH' },
      expected: () => frames.filter((f) => f.text.toLowerCase().includes('no/such')).map((f) => f.seq),
    },
    {
      what: 'a direction and a kind',
      filter: { ...EMPTY_FILTER, dir: 'in', kinds: ['notification'] },
      expected: () => frames.filter((f) => f.dir === 'in' && f.kind === 'notification').map((f) => f.seq),
    },
    { what: 'nothing at all', filter: { ...EMPTY_FILTER, text: 'appears in no frame' }, expected: () => [] },
  ];

  for (const row of table) {
    it(`shows ${row.what}, the same in both`, async () => {
      for (const { name, store, source } of logs) {
        const seqs = await seqsOf(store, source, row.filter);
        expect(seqs, name).toEqual(row.expected());
        const rows = source.rows(row.filter);
        for (const [i, seq] of seqs.entries()) expect(rows.indexOfSeq(seq), `${name}: row of ${seq}`).toBe(i);
      }
    });
  }

  it('counts the whole session and lists the methods of its requests and notifications', async () => {
    const methods = ['flood', 'initialize', 'no/such-method', 'notifications/initialized', 'notifications/message', 'ping', 'tools/list'];
    for (const { name, store, source } of logs) {
      expect(source.total, name).toBe(frames.length);
      await when(store, () => (source.methods().join() === methods.join() ? true : undefined), `${name}: the methods`);
    }
  });

  it('pairs a request with its answer, including one in the part the page does not hold', async () => {
    const [ping] = seqWhere('out', (m) => m.id === 4);
    const [pong] = seqWhere('in', (m) => m.id === 4);
    expect(ping! > BOUND.head && pong! < frames.length - BOUND.tail).toBe(true);
    for (const { name, store, source } of logs) {
      source.load([ping!]);
      const entry = await when(store, () => source.frame(ping!), `${name}: frame ${ping}`);
      const { pairs } = linksOf(source.frameLinks, entry);
      expect(pairs, name).toEqual([pong]);
      source.load(pairs);
      const pair = await when(store, () => source.pairOf(entry), `${name}: the pair of ${ping}`);
      expect(pair.frame.seq, name).toBe(pong);
      expect(await source.fullText(pair), name).toBe(frames.find((f) => f.seq === pong)!.text);
      const file = await source.download(pair);
      expect(await file.blob.text(), name).toBe(frames.find((f) => f.seq === pong)!.text);
    }
  });

  it('finds the same rules on the same frames, whichever linter ran', async () => {
    const [bad] = seqWhere('out', (m) => m.id === 4);
    const byRule = (source: LogSource) => {
      const f = source.findings();
      return f.progress !== null || !f.ready ? undefined : Object.fromEntries(f.groups.map((g) => [g.ruleId, [...g.seqs].sort((a, b) => a - b)]));
    };
    const [inPage, windowed] = await Promise.all(
      logs.map(({ name, store, source }) => when(store, () => byRule(source), `${name}: the lint of the whole session`)),
    );
    expect(Object.keys(inPage!)).not.toHaveLength(0);
    expect(Object.values(inPage!).flat()).toContain(bad);
    expect(windowed).toEqual(inPage);
    // "Has findings" lists exactly the frames some rule fired on.
    const flagged = [...new Set(Object.values(inPage!).flat())].sort((a, b) => a - b);
    for (const { name, store, source } of logs) expect(await seqsOf(store, source, { ...EMPTY_FILTER, findings: true }), name).toEqual(flagged);
  });
  it('tells its listeners of the relay lint only when the summary changed, not at every poll', async () => {
    const windowed = logs.find((l) => l.name === 'windowed')!;
    let notified = 0;
    const stop = windowed.store.subscribe(() => notified++);
    const from = summaries.length;
    try {
      // Two more polls answered (one a second while the lint runs, one in five once it is done).
      await expect.poll(() => summaries.length, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(from + 2);
      await new Promise((r) => setTimeout(r, 0));
    } finally {
      stop();
    }
    const seen = summaries.slice(Math.max(0, from - 1));
    const changes = seen.filter((s, i) => i > 0 && s !== seen[i - 1]).length;
    expect(notified).toBeLessThanOrEqual(changes);
  }, 30_000);
});
