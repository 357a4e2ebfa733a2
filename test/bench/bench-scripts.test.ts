import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/relay-process.js';

const run = (script: string, ...args: string[]) =>
  execFileSync(process.execPath, [join(ROOT, 'bench', script), ...args], { encoding: 'utf8', timeout: 120_000, stdio: ['ignore', 'pipe', 'ignore'] });

// Benchmarks are scripts, not timed tests: these only check that each one runs on a small input and reports.
describe('the bench scripts', () => {
  it('relay-overhead measures direct and relayed round trips', () => {
    const out = run('relay-overhead.mjs', '--n', '50', '--runs', '1');
    expect(out).toMatch(/run 1: direct p50 [\d.]+ ms p99 [\d.]+ ms \| relay p50 [\d.]+ ms/);
    expect(out).toMatch(/added latency p50: -?[\d.]+ ms/);
  });

  it('throughput counts every flooded frame as delivered and recorded', () => {
    const out = run('throughput.mjs', '--n', '2000', '--runs', '1');
    expect(out).toContain('2000/2000 delivered (0 lost), 2003 recorded');
    expect(out).toMatch(/throughput: \d+ frames\/s/);
  });

  it('browser-log opens a windowed session in Chromium and reports paint, jumps, filters and heap', () => {
    const out = run('browser-log.mjs', '--n', '1500', '--runs', '1', '--jumps', '2', '--memoryFrames', '300');
    expect(out).toContain('recorded 1503 frames');
    // The rare filters find exactly what the flood holds: the flood request and its response; one line of data.
    expect(out).toMatch(/run 1: paint \d+ ms \(first row \d+ ms\) \| jump median \d+ ms max \d+ ms \(2\) \| filter method \d+ ms \(2 rows\), method broad \d+ ms \(1500\), text rare \d+ ms \(1\)/);
    expect(out).not.toContain('page errors');
    expect(out).toMatch(/JS heap after GC: [\d.]+ MB/);
  });

  it('browser-large shows, expands and downloads a large tool result and counts long tasks', () => {
    const out = run('browser-large.mjs', '--bytes', '1200000', '--runs', '1');
    expect(out).toMatch(/run 1: row \d+ ms, preview \d+ ms, expanded \((\d+) chars\) \d+ ms, downloaded (\d+) B/);
    const [, chars, bytes] = /expanded \((\d+) chars\).*downloaded (\d+) B/.exec(out)!;
    expect(Number(chars)).toBeGreaterThan(1_200_000);
    expect(Number(bytes)).toBe(Number(chars));
    expect(out).toMatch(/long tasks over 100 ms: \d+/);
    expect(out).not.toContain('page errors');
  });

  it('startup reports the ready line and the time to a connected demo server', () => {
    const out = run('startup.mjs', '--runs', '1');
    expect(out).toMatch(/ready line: \d+ ms/);
    expect(out).toMatch(/connected to the demo server: \d+ ms/);
  });
});
