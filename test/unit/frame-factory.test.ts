import { describe, expect, it } from 'vitest';
import { messageFrame, oversizeFrame, stderrFrame } from '../../server/core/frame-factory.js';

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
