import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainFrames } from '../../shared/frames-check.js';
import { packFrames, unpackFrames } from '../../shared/frames-wire.js';
import { FrameRecordSchema, parseRelayServerMessage, type FrameRecord } from '../../shared/relay-protocol.js';

const frame = (seq: number, more: Partial<FrameRecord> = {}): FrameRecord => ({
  seq,
  ts: 1_764_900_000_000.125 + seq,
  dir: seq % 2 === 0 ? 'in' : 'out',
  kind: seq % 2 === 0 ? 'response' : 'request',
  text: `{"jsonrpc":"2.0","id":${seq}}`,
  size: 24,
  method: seq % 2 === 0 ? null : 'ping',
  rpcId: String(seq),
  ...more,
});
const good = [frame(1, { origin: 'user' }), frame(2), frame(3, { b64: '/w==', origin: 'lab' })];
const packed = packFrames('s', good, 0, 3, new Map([[1, 'r1']]));
const nl = packed.indexOf('\n');
const header = JSON.parse(packed.slice(0, nl)) as Record<string, unknown>;
/** The packed message with header columns changed: what a relay of another mind could send. */
const variant = (change: Record<string, unknown>) => `${JSON.stringify({ ...header, ...change })}\n${packed.slice(nl + 1)}`;
const SentSchema = z.array(z.object({ ref: z.string(), seq: z.number().int() })).optional();

describe('the page reading frames without zod', () => {
  it('takes only what the schema takes, with the same result, and leaves the rest to the schema to explain', () => {
    const variants: Array<[string, string]> = [
      ['as the relay writes it', packed],
      ['a ts that is a string', variant({ ts: ['1', 2, 3] })],
      ['a size that is a fraction', variant({ size: [1.5, 2, 3] })],
      ['a size past a safe integer', variant({ size: [2 ** 60, 2, 3] })],
      ['a method that is a number', variant({ method: [5, null, 'ping'] })],
      ['an rpcId that is an object', variant({ rpcId: [{}, '2', '3'] })],
      ['an origin nobody knows', variant({ origin: { 0: 'somebody' } })],
      ['an origin that is a number', variant({ origin: { 0: 7 } })],
      ['a b64 that is a number', variant({ b64: { 2: 7 } })],
      ['a ref that is a number', variant({ ref: { 0: 7 } })],
      ['no origin, b64 or ref', variant({ origin: undefined, b64: undefined, ref: undefined })],
    ];
    let plain = 0;
    for (const [what, message] of variants) {
      const unpacked = unpackFrames(message);
      if (!unpacked.ok) throw new Error(`${what}: ${unpacked.error}`);
      const schema = z.array(FrameRecordSchema).safeParse(unpacked.frames);
      const sent = SentSchema.safeParse(unpacked.sent);
      const fast = plainFrames(unpacked.frames, unpacked.sent);
      // Never more than the schema: what the fast check takes, zod takes, and makes the same frames of.
      if (fast) {
        plain++;
        expect(schema.success && sent.success, what).toBe(true);
        expect(schema.data, what).toEqual(unpacked.frames);
      }
      // The reader's verdict is the schema's either way; refused, with the schema's words.
      const parsed = parseRelayServerMessage(message);
      expect(parsed.ok, what).toBe(schema.success && sent.success);
      if (!parsed.ok) expect(parsed.error, what).toMatch(/^message "frames": (frames|sent)\.\d/);
    }
    // The two the relay writes (with and without the sparse columns) take the fast path; none of the broken ones do.
    expect(plain).toBe(2);
  });
});
