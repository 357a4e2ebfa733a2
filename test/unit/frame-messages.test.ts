import { describe, expect, it } from 'vitest';
import { parseRelayServerMessage, type FrameRecord } from '../../shared/relay-protocol.js';
import { encodeFrames, MESSAGE_TEXT_CHARS, utf8Bytes } from '../../server/relay/frame-messages.js';

/** A message as the page reads it: decoded from UTF-8, unpacked and checked against the schema. */
function read(bytes: Buffer): { type: string; sessionId: string; frames: FrameRecord[] } {
  const parsed = parseRelayServerMessage(bytes.toString('utf8'));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.message as { type: string; sessionId: string; frames: FrameRecord[] };
}

const frame = (seq: number, text: string): FrameRecord => ({
  seq,
  ts: seq,
  dir: 'in',
  kind: 'notification',
  text,
  size: Buffer.byteLength(text),
  method: 'm',
  rpcId: null,
});

describe('encodeFrames', () => {
  it('puts every frame in exactly one message, in order, each message of bounded size', () => {
    const frames = Array.from({ length: 3000 }, (_, i) => frame(i + 1, `{"n":${i},"s":"${i % 500 === 0 ? '\u00e9 \u2713' : 'x'.repeat(i % 300)}"}`));
    const messages = encodeFrames('s1', frames).map(read);
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.every((m) => m.type === 'frames' && m.sessionId === 's1')).toBe(true);
    expect(messages.flatMap((m) => m.frames)).toEqual(frames);
    for (const m of messages) expect(m.frames.reduce((n, f) => n + f.text.length, 0) - m.frames.at(-1)!.text.length).toBeLessThan(MESSAGE_TEXT_CHARS);
  });

  it("names each of the page's sends in the message that carries its frame", () => {
    const frames = Array.from({ length: 40 }, (_, i) => frame(i + 1, 'z'.repeat(MESSAGE_TEXT_CHARS / 8)));
    const messages = encodeFrames(
      's1',
      frames,
      new Map([
        [2, 'first'],
        [39, 'last'],
      ]),
    ).map((b) => {
      const parsed = parseRelayServerMessage(b.toString('utf8'));
      if (!parsed.ok || parsed.message.type !== 'frames') throw new Error('not a frames message');
      return parsed.message;
    });
    expect(messages.length).toBeGreaterThan(2);
    const named = messages.flatMap((m) => (m.sent ?? []).map((a) => [a.ref, a.seq, m.frames.some((f) => f.seq === a.seq)]));
    expect(named).toEqual([
      ['first', 2, true],
      ['last', 39, true],
    ]);
  });

  it('sends a frame larger than a message alone, whole', () => {
    const big = frame(2, 'y'.repeat(MESSAGE_TEXT_CHARS * 3));
    const messages = encodeFrames('s1', [frame(1, '{}'), big, frame(3, '[]')]).map(read);
    expect(messages.map((m) => m.frames.map((f) => f.seq))).toEqual([[1, 2], [3]]);
  });
});

describe('utf8Bytes', () => {
  it('encodes ASCII, Latin-1, other BMP and astral text exactly as UTF-8, ropes included', () => {
    const rope = JSON.stringify({ frames: Array.from({ length: 500 }, (_, i) => ({ text: `{"n":${i},"pad":"${'x'.repeat(100)}"}` })) });
    for (const s of ['', 'plain ascii {"a":1}', 'caf\u00e9', 'tiret \u2013 \u0141', 'emoji \ud83d\ude00', 'lone \ud800 surrogate', rope, rope + '\u00ff']) {
      expect(utf8Bytes(s).equals(Buffer.from(s, 'utf8'))).toBe(true);
    }
  });
});
