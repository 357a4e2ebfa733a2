import { describe, expect, it } from 'vitest';
import { FRAME_DIRS, packFrames, unpackFrames } from '../../shared/frames-wire.js';
import { FRAME_KINDS } from '../../shared/jsonrpc.js';
import { parseRelayServerMessage, type FrameRecord } from '../../shared/relay-protocol.js';

/** What the page gets from a message the relay wrote: its UTF-8 bytes decoded, unpacked and checked. */
function overTheWire(message: string) {
  return parseRelayServerMessage(Buffer.from(message, 'utf8').toString('utf8'));
}

const base = (seq: number, text: string, more: Partial<FrameRecord> = {}): FrameRecord => ({
  seq,
  ts: 1_764_727_000_123.25 + seq / 7,
  dir: 'in',
  kind: 'notification',
  text,
  size: Buffer.byteLength(text),
  method: 'notifications/message',
  rpcId: null,
  ...more,
});

describe('packed frames messages', () => {
  it('carry every field of every frame exactly: each direction and kind, odd texts, gaps in the seqs', () => {
    const texts = [
      '',
      '{}',
      '{"a":"quote \\" and backslash \\\\"}',
      'line\nbreak\r\nand tab\t',
      'caf\u00e9 \u2713 \ud83d\ude00 \u0000',
      '\ufffd not utf-8',
      'x'.repeat(5000),
    ];
    const frames: FrameRecord[] = [];
    let seq = 40;
    for (const dir of FRAME_DIRS) {
      for (const kind of FRAME_KINDS) {
        const text = texts[frames.length % texts.length]!;
        frames.push(base(seq, text, { dir, kind, method: frames.length % 3 === 0 ? null : `m/${kind}`, rpcId: frames.length % 4 === 0 ? '"7"' : null }));
        // Runs of consecutive seqs broken now and then, as a replay across a skipped gap or a tap's read-back makes them.
        seq += frames.length % 5 === 0 ? 100 : 1;
      }
    }
    frames[3]!.b64 = Buffer.from([0xff, 0xfe]).toString('base64');
    frames[4]!.origin = 'bookkeeping';
    frames[9]!.origin = 'lab';
    const message = packFrames('s-1', frames);
    const parsed = overTheWire(message);
    expect(parsed).toEqual({ ok: true, message: { type: 'frames', sessionId: 's-1', frames } });
    // The texts travel as they are: no escaping, so the message is the header line and then exactly the texts.
    expect(message.slice(message.indexOf('\n') + 1)).toBe(frames.map((f) => f.text).join(''));
  });

  it('pack a slice of a list, and a single frame', () => {
    const frames = [1, 2, 3, 4, 5].map((s) => base(s, `{"n":${s}}`));
    const got = unpackFrames(packFrames('s', frames, 1, 4));
    expect(got).toEqual({ ok: true, sessionId: 's', frames: frames.slice(1, 4) });
    expect(unpackFrames(packFrames('s', frames, 4, 5))).toEqual({ ok: true, sessionId: 's', frames: [frames[4]] });
  });

  it("name the page's own sends by the ref they came with, in the message that carries their frames", () => {
    const frames = [1, 2, 3, 4].map((s) => base(s, `{"n":${s}}`, s % 2 === 1 ? { dir: 'out', kind: 'request', origin: 'user' } : {}));
    const refs = new Map([
      [1, 'a'],
      [3, 'b'],
    ]);
    const parsed = overTheWire(packFrames('s', frames, 0, 4, refs));
    expect(parsed).toEqual({
      ok: true,
      message: {
        type: 'frames',
        sessionId: 's',
        frames,
        sent: [
          { ref: 'a', seq: 1 },
          { ref: 'b', seq: 3 },
        ],
      },
    });
    // A slice names only its own frames' refs; a message without any has no `sent` at all.
    expect(overTheWire(packFrames('s', frames, 2, 4, refs))).toMatchObject({ ok: true, message: { sent: [{ ref: 'b', seq: 3 }] } });
    expect(overTheWire(packFrames('s', frames, 1, 2, refs))).toEqual({ ok: true, message: { type: 'frames', sessionId: 's', frames: [frames[1]] } });
    // A ref that is not a string is refused by the schema, never handed to the page's sends.
    const good = packFrames('s', frames, 0, 1, refs);
    const bad = good.replace('"ref":{"0":"a"}', '"ref":{"0":7}');
    expect(bad).not.toBe(good);
    const refused = parseRelayServerMessage(bad);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatch(/sent\.0\.ref/);
  });

  it('refuse a message whose columns do not add up, saying what is wrong', () => {
    const good = packFrames('s', [base(1, '{"a":1}'), base(2, '{"b":2}')]);
    const nl = good.indexOf('\n');
    const header = JSON.parse(good.slice(0, nl)) as Record<string, unknown>;
    const texts = good.slice(nl + 1);
    const withHeader = (change: Record<string, unknown>, body = texts) => `${JSON.stringify({ ...header, ...change })}\n${body}`;
    const cases: Array<[string, RegExp]> = [
      [`{"type":"frames",\n${texts}`, /header is not JSON/],
      [withHeader({ type: 'hello' }), /not a frames header/],
      [withHeader({ ts: [1] }), /ts column holds 1 entries for 2 frames/],
      [withHeader({ method: undefined }), /without its method column/],
      [withHeader({ seq: [1, 3] }), /seq runs count 3 frames, not 2/],
      [withHeader({ seq: [1, 0, 1, 2] }), /seq runs are not pairs of whole numbers/],
      // A run this high would never end (2^53 + 1 is 2^53): a crafted share file must not hang the viewer.
      [withHeader({ seq: [2 ** 53, 2] }), /seq run from 9007199254740992 runs past 9007199254740991/],
      [withHeader({ seq: [2 ** 53 - 1, 2] }), /runs past/],
      [withHeader({ code: [17, 999] }), /frame 1 has an unknown code 999/],
      [withHeader({ len: [7, -1] }), /frame 1 has no text length/],
      [withHeader({ ref: ['a'] }), /ref is not an object/],
      [withHeader({}, texts + 'x'), /texts hold 15 characters, not the 14/],
      [withHeader({}, texts.slice(1)), /texts hold 13 characters, not the 14/],
    ];
    for (const [message, error] of cases) {
      const parsed = parseRelayServerMessage(message);
      expect(parsed.ok, message).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(error);
    }
  });

  it('leave the fields the columns do not check to the message schema', () => {
    const good = packFrames('s', [base(1, '{}')]);
    const nl = good.indexOf('\n');
    const header = JSON.parse(good.slice(0, nl)) as Record<string, unknown>;
    const parsed = parseRelayServerMessage(`${JSON.stringify({ ...header, origin: { 0: 'somebody' }, size: ['two'] })}\n{}`);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/frames\.0\.(size|origin)/);
  });

  it('leave every other message one line of JSON, read as before', () => {
    expect(parseRelayServerMessage(JSON.stringify({ type: 'synced', sessionId: 's', seq: 3 }))).toEqual({
      ok: true,
      message: { type: 'synced', sessionId: 's', seq: 3 },
    });
    // A frames message in JSON (as older relays sent it) is still read.
    const frames = [base(1, '{"x":1}')];
    expect(parseRelayServerMessage(JSON.stringify({ type: 'frames', sessionId: 's', frames }))).toEqual({
      ok: true,
      message: { type: 'frames', sessionId: 's', frames },
    });
  });
});
