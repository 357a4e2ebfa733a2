import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/relay-process.js';

const run = (script: string, ...args: string[]) =>
  execFileSync(process.execPath, [join(ROOT, 'bench', script), ...args], { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'ignore'] });

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

  it('startup reports the ready line and the time to a connected demo server', () => {
    const out = run('startup.mjs', '--runs', '1');
    expect(out).toMatch(/ready line: \d+ ms/);
    expect(out).toMatch(/connected to the demo server: \d+ ms/);
  });
});
