// The campaign sends the next tools/call as soon as the last is answered and judges the last while the next is on the
// wire. Against a server whose only fault is one the linter sees (structuredContent breaking the outputSchema when the
// text holds a digit): the campaign sends exactly the inputs fc.check draws for the round's seed, in order; the input
// after the failing one is already on the wire when the failure is found; the failure is still the failing input's
// (its run, its original input), shrunk to one digit; and the same seed gives the same campaign.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { runCampaign, type CampaignOptions } from '../../server/fuzz/fuzz-campaign.js';
import { searchSeed } from '../../server/fuzz/fuzz-context.js';
import { argumentsArb } from '../../server/fuzz/schema-arbitrary.js';
import { FIXTURES } from '../helpers/relay-process.js';

const SERVER = join(FIXTURES, 'schema-break-server.mjs');
const INPUT_SCHEMA = { type: 'object', properties: { text: { type: 'string', maxLength: 200 } }, required: ['text'] };
const SEED = 21;
const RUNS = 80;

const options: CampaignOptions = {
  target: { transport: 'stdio', command: process.execPath, args: [SERVER], env: {} },
  tools: ['measure'],
  allowTools: null,
  runs: RUNS,
  timeMs: null,
  seed: SEED,
  mode: 'args',
  timeoutMs: 5000,
  protocolVersion: '2025-11-25',
  ratePerSecond: null,
  replyWaitMs: 300,
};

/** One campaign, with every tools/call it sent (its arguments as JSON, in order). */
async function campaign() {
  const frames: FrameRecord[] = [];
  const sessions: number[] = [];
  const result = await runCampaign(options, { onSession: (s, i) => (sessions.push(i), s.onFrame((f) => frames.push(f))) });
  const calls = frames
    .filter((f) => f.dir === 'out' && f.method === 'tools/call')
    .map((f) => JSON.stringify((JSON.parse(f.text) as { params: { arguments: unknown } }).params.arguments));
  return { ...result, calls, sessions };
}

/** The inputs fc.check draws for the campaign's first round of `measure`, as they go on the wire. */
async function drawn(n: number): Promise<string[]> {
  const out: string[] = [];
  await fc.check(
    fc.asyncProperty(argumentsArb(INPUT_SCHEMA), async (v) => (out.push(JSON.stringify(v)), true)),
    { seed: searchSeed(SEED, 'measure', 0), numRuns: n },
  );
  return out;
}

describe('fuzz overlaps each input with the judging of the last', () => {
  it('finds a failure only the linter sees, for the input that caused it, with the next one already sent', async () => {
    const a = await campaign();
    expect(a.sessions).toEqual([1]);
    expect(a.found).toHaveLength(1);
    const f = a.found[0]!;
    expect(f).toMatchObject({ oracle: 'output-schema', signature: 'mcp/structured-content-schema', subject: 'measure' });
    // One sentence, one period (the validator's own message used to end in one too: "… Expected \"integer\"..").
    expect(f.summary).toMatch(/^structuredContent of "measure" fails its outputSchema: length: .*[^.]\.$/);
    const n = f.foundAtRun;
    const first = await drawn(n + 1);
    // What went out first is fc.check's own sequence, up to the failing input and the one after it.
    expect(a.calls.slice(0, n + 1)).toEqual(first);
    // The failing input is the first with a digit in its text, and the failure names it and its run.
    const hasDigit = (json: string) => /[0-9]/.test(String((JSON.parse(json) as { text?: unknown }).text ?? ''));
    expect(first.slice(0, n - 1).some(hasDigit)).toBe(false);
    expect(hasDigit(first[n - 1]!)).toBe(true);
    expect(JSON.stringify(f.original)).toBe(first[n - 1]);
    // Shrunk to one digit; the shrinking runs came after the input that was on the wire when the failure was found.
    expect(f.input).toEqual({ text: expect.stringMatching(/^[0-9]$/) });
    expect(a.calls.length).toBe(a.report.runs + a.report.shrinkRuns);
    expect(a.report.runs).toBe(RUNS);

    const b = await campaign();
    const facts = (c: typeof a) => ({
      calls: c.calls,
      runs: c.report.runs,
      shrinkRuns: c.report.shrinkRuns,
      found: c.found.map((x) => [x.key, x.input, x.original, x.foundAtRun, x.shrinkRuns]),
    });
    expect(facts(b)).toEqual(facts(a));
  }, 120_000);
});
