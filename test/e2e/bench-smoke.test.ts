import { describe, expect, it } from 'vitest';
import { runBench } from '../helpers/bench-run.js';

// Benchmarks are scripts, not timed tests: these only check that each one runs on a small input and reports. This is
// the part of the bench smoke that `npm test` runs (one script of each kind: the browser log, the relay's round trip,
// the flood, the insert floor, the start, the linters); the rest runs in the bench job, `npm run test:bench`
// (test/bench/bench-scripts.test.ts). Side by side, at most three scripts at a time, the longest first.
describe.concurrent('the bench scripts (smoke)', { timeout: 600_000 }, () => {
  it('browser-log opens a windowed session in Chromium and reports paint, jumps, filters and heap', async () => {
    const out = await runBench('browser-log.mjs', '--n', '1500', '--runs', '1', '--jumps', '2', '--memoryFrames', '300');
    expect(out).toContain('recorded 1503 frames');
    // The relay's lint of the session ran to its end before the page opened it (the summary said done).
    expect(out).toMatch(/^lint of 1500 frames done in [\d.]+ s, before the first open$/m);
    expect(out.indexOf('lint of 1500 frames done')).toBeLessThan(out.indexOf('run 1: paint'));
    // The rare filters find exactly what the flood holds: the flood request and its response; one line of data.
    expect(out).toMatch(
      /run 1: paint \d+ ms \(first row \d+ ms\) \| jump median \d+ ms max \d+ ms \(2\) \| filter method \d+ ms \(2 rows\), method broad \d+ ms \(1500\), text rare \d+ ms \(1\)/,
    );
    expect(out).not.toContain('page errors');
    expect(out).toMatch(/JS heap after GC: [\d.]+ MB/);
    // The same session in the sequence view, timed beside the log's paint.
    expect(out).toMatch(
      /run 1 sequence view: paint \d+ ms \([\d.]+× the log's \d+ ms\) \| scroll to the end \d+ ms \| \d+ arrows in the page, opened after the log\n/,
    );
  });

  it('log-linters lints and pairs one recording in the page and on the relay, and both find the same', async () => {
    const out = await runBench('log-linters.mjs', '--requests', '200', '--runs', '1', '--live', '20');
    expect(out).toMatch(/200 requests \(\d+ frames\), 1 runs/);
    const m =
      /page whole [\d.]+ ms wall, \d+ ms CPU \([\d.]+ µs CPU\/frame, (\d+) findings, (\d+) paired\) \| relay whole [\d.]+ ms wall, \d+ ms CPU \((\d+) findings\) \| new frame: page [\d.]+ µs, relay [\d.]+ ms/.exec(
        out,
      );
    expect(m).not.toBeNull();
    const [, pageFindings, paired, relayFindings] = m!;
    // A malformed request every 50th and an unknown method every 10th: findings on both sides, the same count.
    expect(Number(pageFindings)).toBeGreaterThan(0);
    expect(relayFindings).toBe(pageFindings);
    expect(Number(paired)).toBe(402);
    expect(out).toMatch(/ratios \(medians over runs\): relay\/page whole-session lint wall [\d.]+x, CPU [\d.]+x/);
  });

  it('startup reports the ready line and the time to a connected demo server', async () => {
    const out = await runBench('startup.mjs', '--runs', '1');
    expect(out).toMatch(/ready line: \d+ ms/);
    expect(out).toMatch(/connected to the demo server: \d+ ms/);
  });

  it('relay-overhead measures direct and relayed round trips', async () => {
    const out = await runBench('relay-overhead.mjs', '--n', '50', '--runs', '1');
    expect(out).toMatch(/run 1: direct p50 [\d.]+ ms p99 [\d.]+ ms \| relay p50 [\d.]+ ms/);
    expect(out).toMatch(/added latency p50: -?[\d.]+ ms/);
  });

  it('throughput counts every flooded frame as delivered and recorded', async () => {
    const out = await runBench('throughput.mjs', '--n', '2000', '--runs', '1');
    expect(out).toContain('2000/2000 delivered (0 lost), 2003 recorded');
    expect(out).toMatch(/throughput: \d+ frames\/s/);
  });

  it('insert-floor reports the rate and CPU of raw inserts into a table with only an integer key', async () => {
    expect(await runBench('insert-floor.mjs', '--n', '3000')).toMatch(/^insert floor: 3000 rows, \d+ rows\/s, [\d.]+ µs CPU per row$/m);
  });
});
