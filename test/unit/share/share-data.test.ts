// The share file's packing and its readers: a bundle's events → the share text → the same events; the HTML file as the
// writer streams it (gzip, base64, the template around it) → the bundle again, in the server's reader and the page's.
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BundleHeader, BundleTrailer } from '../../../shared/bundle/bundle-format.js';
import { BundleError, type BundleEvent } from '../../../shared/bundle/bundle-reader.js';
import { FrameRecordSchema, type FrameRecord } from '../../../shared/relay-protocol.js';
import { clientFrameOf, frameProblem, SharePacker, shareEvents, ShareUnpacker, unpackShare } from '../../../shared/share/share-data.js';
import { looksLikeHtml, SHARE_DATA_MARKER, sharePayloadOf } from '../../../shared/share/share-html.js';
import { bundleEvents } from '../../../server/bundles/bundle-stream.js';
import { writeShareHtml } from '../../../server/bundles/share-writer.js';
import { decodeSharePayload, ShareReadError, ShareStream } from '../../../web/share/read-share.js';

const startedAt = 1_796_000_000_000.25;
const header: BundleHeader = {
  exportedAt: '2026-12-05T00:00:00.000Z',
  environment: { mcpscope: '0.1.0', node: 'v20.19.0', os: 'linux 6.8.0 x64' },
  session: {
    id: 's1',
    name: 'demo <b>bold</b>',
    tags: [],
    status: 'stopped',
    protocolVersion: '2025-11-25',
    startedAt,
    endedAt: startedAt + 50,
    exitCode: 0,
    signal: null,
    lastSeq: 0,
  },
  target: { transport: 'stdio', command: 'node', args: ['server.js'], env: { API_KEY: '[REDACTED]' } },
  negotiated: { requestedVersion: '2025-11-25', protocolVersion: '2025-11-25', via: 'initialize' },
  range: { fromSeq: 0, toSeq: null },
  redacted: ['env.API_KEY'],
};

/** Frames of every shape the wire can hold: quotes and newlines, astral characters, raw bytes, an origin, a gap. */
function frames(n: number): FrameRecord[] {
  const out: FrameRecord[] = [];
  for (let i = 1; i <= n; i++) {
    const seq = i < n / 2 ? i : i + 3;
    const dir = i % 3 === 0 ? 'in' : i % 3 === 1 ? 'out' : 'relay';
    const text = i % 7 === 0 ? 'not json "quoted"\n</script><!-- 😀' : JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { n: i } });
    const f: FrameRecord = {
      seq,
      ts: startedAt + i * 1.5,
      dir,
      kind: dir === 'relay' ? 'event' : 'request',
      text,
      size: text.length,
      method: dir === 'relay' ? 'spawned' : 'tools/call',
      rpcId: dir === 'relay' ? null : String(i),
    };
    if (i % 11 === 0) f.b64 = Buffer.from([0xff, 0xfe, i & 255]).toString('base64');
    if (dir === 'out') f.origin = 'user';
    out.push(f);
  }
  return out;
}

function bundle(fs: FrameRecord[], clients = fs.filter((f) => f.dir === 'out').map((f) => clientFrameOf(f, startedAt))): BundleEvent[] {
  const trailer: BundleTrailer = { frames: fs.length, clientFrames: clients.length, findings: 2, redactions: 1 };
  return [
    { type: 'header', header },
    ...clients.map((frame): BundleEvent => ({ type: 'clientFrame', frame })),
    ...fs.map((frame): BundleEvent => ({ type: 'frame', frame })),
    { type: 'finding', finding: { ruleId: 'jsonrpc/x', severity: 'error', seq: 1, related: [], message: 'one' } },
    { type: 'finding', finding: { ruleId: 'jsonrpc/y', severity: 'info', seq: 2, related: [4], message: 'two' } },
    { type: 'trailer', trailer },
  ];
}

async function pack(events: BundleEvent[]): Promise<string> {
  let text = '';
  const packer = new SharePacker((t) => {
    text += t;
  });
  for (const ev of events) await packer.push(ev);
  return text;
}

async function* each<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

const TEMPLATE = `<!doctype html><html><head><script type="module">/* viewer */</script></head><body>${SHARE_DATA_MARKER}<div id="root"></div></body></html>`;

async function html(events: BundleEvent[]): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeShareHtml(each(events), out, TEMPLATE);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the share text', () => {
  it('reads back as the very events of the bundle it was packed from, across many frame blocks', async () => {
    const events = bundle(frames(12_345));
    expect([...shareEvents(unpackShare(await pack(events)))]).toEqual(events);
  });

  it("stores the client frames once when they are the transcript's outgoing frames, and whole when they are not", async () => {
    const fs = frames(40);
    const derived = await pack(bundle(fs));
    expect(derived).not.toContain('clients ');
    expect(unpackShare(derived).clients).toBeNull();
    const odd = bundle(fs, [{ seq: 1, offsetMs: 7, text: 'sent by hand' }]);
    const stored = await pack(odd);
    expect(unpackShare(stored).clients).toEqual([{ seq: 1, offsetMs: 7, text: 'sent by hand' }]);
    expect([...shareEvents(unpackShare(stored))]).toEqual(odd);
  });

  it("is smaller than the bundle's JSON: no field names, no escaped quotes, no second copy of the client frames", async () => {
    const events = bundle(frames(2_000));
    const json = JSON.stringify(events);
    expect((await pack(events)).length).toBeLessThan(json.length * 0.7);
  });

  it('refuses a truncated text, a foreign format, blocks out of order and frames that fail the bundle schema', async () => {
    const text = await pack(bundle(frames(30)));
    expect(() => unpackShare(text.slice(0, text.length - 5))).toThrow(/truncated/);
    expect(() => unpackShare(text.replace('"mcpscope-share"', '"mcpscope-other"'))).toThrow(/not an mcpscope share file/);
    expect(() => unpackShare(text.slice(text.indexOf('frames ')))).toThrow(/does not start with its header/);
    expect(() => unpackShare(text.replace('"code":[', '"code":[99,'))).toThrow(BundleError);
    expect(() => unpackShare('garbage')).toThrow(BundleError);
  });

  it('refuses a header whose recipe names a file for mcpscope to read, as a bundle is refused', async () => {
    const bad = {
      ...header,
      target: {
        transport: 'http' as const,
        url: 'http://127.0.0.1:1/mcp',
        headers: {},
        auth: { type: 'oauth' as const, clientKeyFile: '/home/me/.ssh/id_rsa' },
      },
    };
    const events = bundle(frames(3));
    events[0] = { type: 'header', header: bad as unknown as BundleHeader };
    await expect(pack(events).then(unpackShare)).rejects.toThrow(/clientKeyFile/);
  });
});

describe('the share text read in pieces', () => {
  it('hands over the same frames, block by block, whatever the size of the pieces', async () => {
    const events = bundle(frames(12_001));
    const text = await pack(events);
    for (const size of [3, 4_096, 100_000]) {
      const blocks: number[] = [];
      const got: FrameRecord[] = [];
      const u = new ShareUnpacker({ frames: (fs) => (blocks.push(fs.length), got.push(...fs)) });
      for (let at = 0; at < text.length; at += size) u.push(text.slice(at, at + size));
      expect({ ...u.end(), frames: got }, `pieces of ${size}`).toEqual(unpackShare(text));
      expect(blocks).toEqual([5_000, 5_000, 2_001]);
    }
  });

  it('refuses garbage at once, before its end is known', () => {
    expect(() => new ShareUnpacker({ frames: () => undefined }).push('x'.repeat(41))).toThrow(/unexpected text/);
  });
});

describe('the page reading its data as a stream', () => {
  it('gives the first frames before it has inflated the rest, then every frame and the trailer', async () => {
    const events = bundle(frames(40_000));
    const payload = sharePayloadOf(await html(events))!;
    expect(payload.length).toBeGreaterThan(3 * 64 * 1024);
    const stream = new ShareStream(payload);
    expect(stream.header()).toEqual(header);
    const first = stream.take(500);
    expect(first).toEqual(frames(40_000).slice(0, 500));
    expect(stream.done).toBe(false);
    const rest: FrameRecord[] = [];
    while (!stream.done) rest.push(...stream.take(20_000));
    const whole = decodeSharePayload(payload);
    expect([...first, ...rest]).toEqual(whole.frames);
    expect(stream.end()).toEqual({ header: whole.header, clients: null, findings: whole.findings, trailer: whole.trailer });
  });

  it('says the data is damaged where it breaks, after handing over the frames before it', async () => {
    const payload = sharePayloadOf(await html(bundle(frames(40_000))))!;
    const stream = new ShareStream(payload.slice(0, Math.floor(payload.length / 8) * 4));
    stream.header();
    const read: FrameRecord[] = [];
    let error: unknown = null;
    try {
      while (!stream.done) read.push(...stream.take(1_000));
      stream.end();
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ShareReadError);
    expect(String(error)).toMatch(/damaged/);
    expect(read.length).toBeGreaterThan(0);
  });
});

describe('the HTML file', () => {
  it("puts the data in the template's marker, base64 of gzip, which the page and the server both read back", async () => {
    const events = bundle(frames(3_000));
    const page = await html(events);
    expect(
      page.startsWith(
        '<!doctype html><html><head><script type="module">/* viewer */</script></head><body><script type="application/x-mcpscope-share+gzip+base64" id="mcpscope-share">',
      ),
    ).toBe(true);
    expect(page.endsWith('</script><div id="root"></div></body></html>')).toBe(true);
    const payload = sharePayloadOf(page)!;
    expect(payload).toMatch(/^[A-Za-z0-9+/]+=*$/);
    // The page's reader (atob + fflate) and the server's (zlib, through bundleEvents' sniffing) agree with the bundle.
    expect([...shareEvents(decodeSharePayload(payload))]).toEqual(events);
    const read: BundleEvent[] = [];
    for await (const ev of bundleEvents(Readable.from([Buffer.from(page)]))) read.push(ev);
    expect(read).toEqual(events);
  });

  it('is told apart from a bundle by its first characters; a bundle still streams as before', async () => {
    expect(looksLikeHtml('\uFEFF  <!doctype html>')).toBe(true);
    expect(looksLikeHtml('{"format":"mcpscope-bundle"')).toBe(false);
    await expect(async () => {
      for await (const _ of bundleEvents(Readable.from([Buffer.from('<html><body>a page</body></html>')]))) void _;
    }).rejects.toThrow(/without mcpscope share data/);
  });

  it('says the data is damaged when its base64 or gzip is cut', async () => {
    const page = await html(bundle(frames(50)));
    const payload = sharePayloadOf(page)!;
    expect(() => decodeSharePayload(payload.slice(0, payload.length / 2))).toThrow(/damaged/);
  });
});

describe('the frame check of the share reader', () => {
  const good: FrameRecord = { seq: 3, ts: 1.5, dir: 'out', kind: 'request', text: '{}', size: 2, method: 'ping', rpcId: '1', origin: 'user' };
  const bad: Array<[string, Record<string, unknown>]> = [
    ['ts', { ts: 'soon' }],
    ['ts', { ts: Number.NaN }],
    ['size', { size: 1.5 }],
    ['method', { method: 7 }],
    ['rpcId', { rpcId: 1 }],
    ['b64', { b64: 5 }],
    ['origin', { origin: 'someone' }],
  ];

  it('refuses exactly what the frame schema refuses, field by field', () => {
    expect(frameProblem(good)).toBeNull();
    expect(FrameRecordSchema.safeParse(good).success).toBe(true);
    for (const [field, change] of bad) {
      const f = { ...good, ...change } as FrameRecord;
      expect(frameProblem(f), field).toBe(field);
      expect(FrameRecordSchema.safeParse(f).success, field).toBe(false);
    }
    expect(frameProblem({ ...good, method: null, rpcId: null, origin: undefined, b64: 'AAA=' } as FrameRecord)).toBeNull();
  });

  it('makes a packed frame with a bad field fail the whole read', async () => {
    const text = (fs: FrameRecord[]) => {
      let out = '';
      const packer = new SharePacker((t) => {
        out += t;
      });
      for (const ev of bundle(fs)) void packer.push(ev);
      return out;
    };
    const fs = frames(10);
    fs[4] = { ...fs[4]!, method: 42 as unknown as string };
    expect(() => unpackShare(text(fs))).toThrow(/frame 8's method$/);
  });
});
