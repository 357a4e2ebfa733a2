// What the fuzz scan relies on fast-check for: fc.check draws each input after the property returned (so the scan's
// property can return while its input is on the wire), a false ends the run at once with endOnFailure (the scan's
// way to stop a round), and fc.check's path to the k-th input replays that input first (how a failure the scan met
// is shrunk without being sent again). Seed for seed, a campaign then tries what a serial one would.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

/** The inputs fc.check gives its property for this seed, as strings (fast-check's own: lone surrogates kept). */
async function checked(arb: fc.Arbitrary<unknown>, seed: number, n: number, stopAt = Infinity): Promise<string[]> {
  const seen: string[] = [];
  await fc.check(
    fc.asyncProperty(arb, async (v) => {
      seen.push(fc.stringify(v));
      return seen.length < stopAt;
    }),
    { seed, numRuns: n, endOnFailure: true },
  );
  return seen;
}

describe('the fuzz scan and fast-check', () => {
  it('a false ends the run at once: no shrinking, no further input', async () => {
    const arb = argumentsArb(SCHEMA);
    const all = await checked(arb, 7, 100);
    expect(all).toHaveLength(100);
    const stopped = await checked(arb, 7, 100, 10);
    expect(stopped).toEqual(all.slice(0, 10));
  });

  it('the path to the k-th input replays that input first, for arguments and for another shape of arbitrary', async () => {
    const other = fc.oneof(fc.record({ kind: fc.constant('a'), n: fc.nat() }), fc.array(fc.string()), fc.jsonValue());
    for (const arb of [argumentsArb(SCHEMA), other]) {
      const inputs = await checked(arb, 42, 70);
      for (const k of [0, 1, 31, 69]) {
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
    }
  });
});
