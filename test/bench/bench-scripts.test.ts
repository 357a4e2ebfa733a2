import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/relay-process.js';

const runFor = (timeout: number, script: string, ...args: string[]) =>
  execFileSync(process.execPath, [join(ROOT, 'bench', script), ...args], { encoding: 'utf8', timeout, stdio: ['ignore', 'pipe', 'ignore'] });
const run = (script: string, ...args: string[]) => runFor(120_000, script, ...args);

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
    // The same session in the sequence view, timed beside the log's paint.
    expect(out).toMatch(/run 1 sequence view: paint \d+ ms \([\d.]+× the log's \d+ ms\) \| scroll to the end \d+ ms \| \d+ arrows in the page, opened after the log\n/);
  });

  it('browser-paint-ab opens one recorded session in two builds of the page, alternately, and prints the ratios', () => {
    // The same build on both sides: the script's plumbing (a front per build over one relay) is what is checked here.
    const web = join(ROOT, 'dist', 'web');
    const out = run('browser-paint-ab.mjs', '--a', web, '--b', web, '--n', '300', '--runs', '2', '--jumps', '2', '--timeline', '1');
    expect(out).toContain('recorded 303 frames');
    // The timeline of a run: the socket's traffic, the fetches and the moments of the open, by time since navigation.
    expect(out).toMatch(/^ {2}A +\d+ ms ws out subscribe/m);
    expect(out).toMatch(/^ {2}A +\d+ ms ws in frames \d+ kB seq 1–303$/m);
    expect(out).toMatch(/^ {2}B +\d+ ms fetch \/api\/sessions \(sent \d+, answered \d+–\d+ ms\)$/m);
    expect(out).toMatch(/^ {2}B +\d+ ms paint$/m);
    expect(out).toMatch(/^run 1 A: first row \d+ ms, paint \d+ ms \| jump median \d+ ms max \d+ ms \| load /m);
    expect(out).toMatch(/^run 2 B: first row \d+ ms/m);
    expect(out).not.toContain('page errors');
    expect(out).toMatch(/^paint: A \d+ ms \(\d+–\d+\), B \d+ ms \(\d+–\d+\); RATIO B\/A [\d.]+ \([\d.]+–[\d.]+\)$/m);
  });

  it('log-linters lints and pairs one recording in the page and on the relay, and both find the same', () => {
    const out = run('log-linters.mjs', '--requests', '200', '--runs', '1', '--live', '20');
    expect(out).toMatch(/200 requests \(\d+ frames\), 1 runs/);
    const m = /page whole [\d.]+ ms wall, \d+ ms CPU \([\d.]+ µs CPU\/frame, (\d+) findings, (\d+) paired\) \| relay whole [\d.]+ ms wall, \d+ ms CPU \((\d+) findings\) \| new frame: page [\d.]+ µs, relay [\d.]+ ms/.exec(out);
    expect(m).not.toBeNull();
    const [, pageFindings, paired, relayFindings] = m!;
    // A malformed request every 50th and an unknown method every 10th: findings on both sides, the same count.
    expect(Number(pageFindings)).toBeGreaterThan(0);
    expect(relayFindings).toBe(pageFindings);
    expect(Number(paired)).toBe(402);
    expect(out).toMatch(/ratios \(medians over runs\): relay\/page whole-session lint wall [\d.]+x, CPU [\d.]+x/);
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

  it('tap measures the added round trip and five taps flooding one store, every frame recorded', () => {
    const out = run('tap.mjs', '--pings', '50', '--flood', '2000', '--taps', '5');
    expect(out).toMatch(/^load average at start: /m);
    expect(out).toMatch(/run 1: added latency p50 -?[\d.]+ ms, p99 -?[\d.]+ ms; RATIO tap\/direct p50 [\d.]+/);
    expect(out).toMatch(/run 1: flood per host, 5 taps at once: \d+ frames\/s .*, 0 frames lost by hosts/);
    expect(out).toMatch(/run 1: recorded per tap, 5 at once: \d+ frames\/s/);
    expect(out).toContain('run 1: recorded 5 sessions of 5, frames each: 2006, 2006, 2006, 2006, 2006; 0 short of 2002');
  });

  it('flood-phases splits floods into phases and prints CPU per frame by thread for two alternating variants', () => {
    // A tiny flood, B differing by one Node flag: what is checked is the phases and the alternation, not a gain.
    const out = run('flood-phases.mjs', '--n', '3000', '--marks', '1000,2000', '--runs', '2', '--b', '--max-semi-space-size=16');
    expect(out).toMatch(/^B: --max-semi-space-size=16$/m);
    for (const label of ['run 1 A', 'run 1 B', 'run 2 B', 'run 2 A']) expect(out).toContain(label);
    expect(out.indexOf('run 2 B')).toBeLessThan(out.indexOf('run 2 A'));
    for (const phase of ['0–1k', '1k–2k', '2k–3k']) expect(out).toMatch(new RegExp(`^  ${phase} +A main [\\d.]+ writer [\\d.]+ other -?[\\d.]+ = relay [\\d.]+ µs \\| server [\\d.]+ client [\\d.]+ \\| \\d+/s$`, 'm'));
    expect(out).toMatch(/RATIO B\/A relay \S+, main \S+, writer \S+, other \S+, rate [\d.]+/);
  });

  it('insert-floor reports the rate and CPU of raw inserts into a table with only an integer key', () => {
    expect(run('insert-floor.mjs', '--n', '3000')).toMatch(/^insert floor: 3000 rows, \d+ rows\/s, [\d.]+ µs CPU per row$/m);
  });

  it('side-by-side runs mcpscope and the official Inspector in one run and prints ratios with the load', () => {
    // The first run installs Node 22 and the Inspector into the tools cache (scripts/node22-tools.sh).
    const out = runFor(600_000, 'side-by-side.mjs', '--pings', '40', '--blocks', '2', '--floods', '2000', '--starts', '1');
    expect(out).toMatch(/^load average at start: [\d.]+ [\d.]+ [\d.]+/m);
    expect(out).toMatch(/official Inspector \d+\.\d+\.\d+ on Node v22\./);
    expect(out).toMatch(/^RATIO added latency mcpscope\/official: p50 -?[\d.]+ \(target ≤ 0\.3\), p99 -?[\d.]+/m);
    expect(out).toMatch(/^RATIO flood 2000: mcpscope\/floor [\d.]+ \(target ≥ 0\.7\), mcpscope\/official [\d.]+$/m);
    expect(out).toMatch(/^CPU per frame at 2000: mcpscope relay [\d.]+ µs, official relay [\d.]+ µs, insert floor [\d.]+ µs per row$/m);
    expect(out).toMatch(/^relay peak RSS at 2000: mcpscope [\d.]+ MB, official [\d.]+ MB/m);
    expect(out).toMatch(/^RATIO start-up mcpscope\/official: ready [\d.]+, initialize answered [\d.]+$/m);
    expect(out).toMatch(/^load average at end: /m);
  }, 600_000);

  it('startup reports the ready line and the time to a connected demo server', () => {
    const out = run('startup.mjs', '--runs', '1');
    expect(out).toMatch(/ready line: \d+ ms/);
    expect(out).toMatch(/connected to the demo server: \d+ ms/);
  });
});
