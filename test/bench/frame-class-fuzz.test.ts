// The scanning classifier's full seeded fuzz (the bench job): 20,000 random JSON texts, 40,000 mutations of real
// frames and 20,000 byte-level ones against the full parser. `npm test` runs a fixed tenth of it
// (test/unit/frame-class.test.ts).
import { describe, expect, it } from 'vitest';
import { compare, mutatedBytes, mutatedTexts, randomTexts, reference } from '../helpers/scan-fuzz.js';

describe('the scanning classifier, full fuzz', () => {
  it('agrees with the full parser on 20,000 random JSON texts, duplicate and escaped keys included', () => {
    const texts = randomTexts(19, 20_000);
    const { wrong, scanned } = compare(texts);
    expect(wrong).toEqual([]);
    expect(scanned).toBeGreaterThan(2_000);
    expect(scanned).toBeLessThan(texts.length);
  });

  it('agrees with the full parser on 40,000 mutations of real frames, nearly all of them broken', () => {
    const texts = mutatedTexts(1919, 40_000);
    const { wrong } = compare(texts);
    expect(wrong).toEqual([]);
    expect(texts.filter((t) => reference(t).kind === 'noise').length).toBeGreaterThan(10_000);
  });

  it('agrees with the full parser on 20,000 byte-level mutations: invalid UTF-8, BOM, NUL, split characters', () => {
    const { wrong, scanned } = compare(mutatedBytes(38, 20_000));
    expect(wrong).toEqual([]);
    expect(scanned).toBeGreaterThan(3_000);
  });
});
