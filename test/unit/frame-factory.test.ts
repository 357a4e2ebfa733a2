import { describe, expect, it } from 'vitest';
import { messageFrame, oversizeFrame, stderrFrame } from '../../server/frame-factory.js';
import { utf8Bytes } from '../../server/hub.js';

describe('frame factory', () => {
  it('keeps the exact bytes of a line that is not valid UTF-8, whatever made it', () => {
    const raw = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
    expect(messageFrame('in', raw).b64).toBe(raw.toString('base64'));
    expect(stderrFrame(raw).b64).toBe(raw.toString('base64'));
    expect(oversizeFrame('in', raw, 10_000).b64).toBe(raw.toString('base64'));
  });

  it('keeps no bytes for valid UTF-8, even text holding U+FFFD itself', () => {
    const text = '{"jsonrpc":"2.0","method":"note","params":{"s":"\uFFFD é ✓"}}';
    const f = messageFrame('in', Buffer.from(text, 'utf8'));
    expect(f.b64).toBeUndefined();
    expect(f).toMatchObject({ text, size: Buffer.byteLength(text), kind: 'notification', method: 'note' });
    expect(stderrFrame(Buffer.from('plain \uFFFD', 'utf8')).b64).toBeUndefined();
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
