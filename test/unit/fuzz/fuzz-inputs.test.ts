// The scan sends the inputs fc.check would try, in its order: a failure's index is then the path fc.check replays to
// shrink it, and a campaign that overlaps its inputs tries exactly what a serial one would, seed for seed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputsOf } from '../../../server/fuzz/fuzz-context.js';
import { argumentsArb } from '../../../server/fuzz/schema-arbitrary.js';

const SCHEMA = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    count: { type: 'integer', minimum: 0, maximum: 1000 },
    tree: { type: 'object' },
  },
  required: ['query'],
};

/** The first n inputs fc.check gives its property for this seed, as strings (fast-check's own, lone surrogates kept). */
async function checked(arb: fc.Arbitrary<unknown>, seed: number, n: number): Promise<string[]> {
  const seen: string[] = [];
  await fc.check(
    fc.asyncProperty(arb, async (v) => {
      seen.push(fc.stringify(v));
      return true;
    }),
    { seed, numRuns: n },
  );
  return seen;
}

function scanned(arb: fc.Arbitrary<unknown>, seed: number, n: number): string[] {
  const out: string[] = [];
  for (const v of inputsOf(arb, seed)) {
    out.push(fc.stringify(v));
    if (out.length === n) break;
  }
  return out;
}

describe('the scan draws what fc.check draws', () => {
  it('the same inputs in the same order, across several draws, for arguments made from a schema', async () => {
    for (const seed of [7, -123456, 2 ** 31 - 1]) {
      const arb = argumentsArb(SCHEMA);
      // 100 inputs span four of the scan's draws of 32.
      expect(scanned(arb, seed, 100)).toEqual(await checked(arb, seed, 100));
    }
    // And for an arbitrary of another shape (the protocol mutations are an fc.oneof of records).
    const other = fc.oneof(fc.record({ kind: fc.constant('a'), n: fc.nat() }), fc.array(fc.string()), fc.jsonValue());
    expect(scanned(other, 3, 40)).toEqual(await checked(other, 3, 40));
  });

  it("fc.check's path to the k-th input replays that input first", async () => {
    const arb = argumentsArb(SCHEMA);
    const inputs = scanned(arb, 42, 70);
    for (const k of [0, 31, 32, 69]) {
      let first: string | null = null;
      await fc.check(
        fc.asyncProperty(arb, async (v) => {
          first ??= fc.stringify(v);
          return true;
        }),
        { seed: 42, path: String(k), numRuns: 1 },
      );
      expect(first).toBe(inputs[k]);
    }
  });
});
