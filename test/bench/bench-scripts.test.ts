import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../helpers/relay-process.js';

/**
 * How many bench scripts run at once. Each smoke spends part of its wall time waiting (on a relay's start, a page's
 * paint, round trips, a flood's taps), so three side by side fill two cores better than one at a time; more would only
 * queue on the CPU beside the other worker's file.
 */
const AT_ONCE = 3;
let running = 0;
const queue: Array<() => void> = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((r) => queue.push(r));
  else running++;
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next) next();
    else running--;
  }
}

// The project's global setup has just built dist/ (test/setup/ensure-built.ts): the scripts need not check it again.
// browser-log and browser-large connect to the run's Chromium (test/setup/chromium-server.ts) instead of launching
// one each; the benches that read Chromium's CPU from their own process tree still launch theirs.
const endpoint = inject('chromiumEndpoint');
const env = { ...process.env, MCPSCOPE_BENCH_BUILT: '1', ...(endpoint ? { MCPSCOPE_CHROMIUM_ENDPOINT: endpoint } : {}) };
const runFor = (timeout: number, script: string, ...args: string[]) =>
  slot(async () => (await promisify(execFile)(process.execPath, [join(ROOT, 'bench', script), ...args], { encoding: 'utf8', timeout, env, maxBuffer: 64 * 1024 * 1024 })).stdout);
const run = (script: string, ...args: string[]) => runFor(240_000, script, ...args);

// Benchmarks are scripts, not timed tests: these only check that each one runs on a small input and reports.
// The tests run side by side (at most AT_ONCE scripts at a time), the longest first so none is left to run alone at
// the end; a test's time includes its wait for a slot.
describe.concurrent('the bench scripts', { timeout: 600_000 }, () => {
  it('side-by-side runs mcpscope and the official Inspector in one run and prints ratios with the load', async () => {
    // The first run installs Node 22 and the Inspector into the tools cache (scripts/node22-tools.sh). No uncounted
    // warm-up flood (--warmup 0): it only starts one more relay here (CPU 19/15 s -> 13/15 s, docs/development.md).
    const out = await runFor(600_000, 'side-by-side.mjs', '--pings', '40', '--blocks', '2', '--floods', '2000', '--starts', '1', '--warmup', '0');
    expect(out).toMatch(/^load average at start: [\d.]+ [\d.]+ [\d.]+/m);
    expect(out).toMatch(/official Inspector \d+\.\d+\.\d+ on Node v22\./);
    expect(out).toMatch(/^RATIO added latency mcpscope\/official: p50 -?[\d.]+ \(target ≤ 0\.3\), p99 -?[\d.]+/m);
    expect(out).toMatch(/^RATIO flood 2000: mcpscope\/floor [\d.]+ \(target ≥ 0\.7\), mcpscope\/official [\d.]+$/m);
    expect(out).toMatch(/^CPU per frame at 2000: mcpscope relay [\d.]+ µs, official relay [\d.]+ µs, insert floor [\d.]+ µs per row$/m);
    expect(out).toMatch(/^relay peak RSS at 2000: mcpscope [\d.]+ MB, official [\d.]+ MB/m);
    expect(out).toMatch(/^RATIO start-up mcpscope\/official: ready [\d.]+, initialize answered [\d.]+$/m);
    expect(out).toMatch(/^load average at end: /m);
  });

  it('browser-paint-ab opens one recorded session in two builds of the page, alternately, and prints the ratios', async () => {
    // The same build on both sides: the script's plumbing (a front per build over one relay) is what is checked here.
    // One run (A then B, two page loads) is enough for that: a second run only reverses the order, and cost 39 s of
    // CPU against 19-21 s for one (docs/development.md, "The sixth pass").
    const web = join(ROOT, 'dist', 'web');
    const out = await run('browser-paint-ab.mjs', '--a', web, '--b', web, '--n', '300', '--runs', '1', '--jumps', '2', '--timeline', '1', '--cpu', '1', '--editor', '1');
    expect(out).toContain('recorded 303 frames');
    // The timeline of a run: the socket's traffic, the fetches and the moments of the open, by time since navigation.
    expect(out).toMatch(/^ {2}A +\d+ ms ws out subscribe/m);
    // The history arrives as one frames message a replay chunk (up to 2,000 frames), its seqs read from the header line.
    expect(out).toMatch(/^ {2}A +\d+ ms ws in frames \d+ kB seq 1–303$/m);
    expect(out).toMatch(/^ {2}B +\d+ ms fetch \/api\/sessions \(sent \d+, answered \d+–\d+ ms\)$/m);
    expect(out).toMatch(/^ {2}B +\d+ ms paint$/m);
    expect(out).toMatch(/^run 1 A: first row \d+ ms, paint \d+ ms \| jump median \d+ ms max \d+ ms \| composer's editor in \d+ ms \| Chromium CPU to idle \d+ ms \(renderer \d+\) \| load /m);
    expect(out).toMatch(/^run 1 B: first row \d+ ms/m);
    expect(out).not.toContain('page errors');
    expect(out).toMatch(/^paint: A \d+ ms \(\d+–\d+\), B \d+ ms \(\d+–\d+\); RATIO B\/A [\d.]+ \([\d.]+–[\d.]+\)$/m);
    expect(out).toMatch(/^cpu: A \d+ ms \(\d+–\d+\), B \d+ ms/m);
    expect(out).toMatch(/^editor: A \d+ ms/m);
  });

  it('tap measures the added round trip and five taps flooding one store, every frame recorded', async () => {
    const out = await run('tap.mjs', '--pings', '50', '--flood', '2000', '--taps', '5');
    expect(out).toMatch(/^load average at start: /m);
    expect(out).toMatch(/run 1: added latency p50 -?[\d.]+ ms, p99 -?[\d.]+ ms; RATIO tap\/direct p50 [\d.]+/);
    expect(out).toMatch(/run 1: flood per host, 5 taps at once: \d+ frames\/s .*, 0 frames lost by hosts/);
    expect(out).toMatch(/run 1: recorded per tap, 5 at once: \d+ frames\/s/);
    expect(out).toContain('run 1: recorded 5 sessions of 5, frames each: 2006, 2006, 2006, 2006, 2006; 0 short of 2002');
  });

  it('relay-lint-open opens a fresh windowed session from each relay in turn and reports paints and the lint thread', async () => {
    const out = await run('relay-lint-open.mjs', '--a', join(ROOT, 'bin', 'mcpscope.js'), '--n', '1500', '--loads', '1', '--order', 'AB', '--memoryFrames', '300');
    expect(out).toMatch(/^A: paints \d+ ms; median \d+ \| busiest relay thread \d+ ms CPU over \d+ ms \| load [\d.]+$/m);
    expect(out).toMatch(/^B: paints \d+ ms; median \d+ /m);
    expect(out).toMatch(/A median \d+ \(\d+–\d+\), B median \d+ \(\d+–\d+\); B\/A [\d.]+/);
  });

  it('browser-log opens a windowed session in Chromium and reports paint, jumps, filters and heap', async () => {
    const out = await run('browser-log.mjs', '--n', '1500', '--runs', '1', '--jumps', '2', '--memoryFrames', '300');
    expect(out).toContain('recorded 1503 frames');
    // The relay's lint of the session ran to its end before the page opened it (the summary said done).
    expect(out).toMatch(/^lint of 1500 frames done in [\d.]+ s, before the first open$/m);
    expect(out.indexOf('lint of 1500 frames done')).toBeLessThan(out.indexOf('run 1: paint'));
    // The rare filters find exactly what the flood holds: the flood request and its response; one line of data.
    expect(out).toMatch(/run 1: paint \d+ ms \(first row \d+ ms\) \| jump median \d+ ms max \d+ ms \(2\) \| filter method \d+ ms \(2 rows\), method broad \d+ ms \(1500\), text rare \d+ ms \(1\)/);
    expect(out).not.toContain('page errors');
    expect(out).toMatch(/JS heap after GC: [\d.]+ MB/);
    // The same session in the sequence view, timed beside the log's paint.
    expect(out).toMatch(/run 1 sequence view: paint \d+ ms \([\d.]+× the log's \d+ ms\) \| scroll to the end \d+ ms \| \d+ arrows in the page, opened after the log\n/);
  });

  it('flood-phases splits floods into phases and prints CPU per frame by thread for two alternating variants', async () => {
    // A tiny flood, B differing by one Node flag: what is checked is the phases and the alternation, not a gain.
    const out = await run('flood-phases.mjs', '--n', '3000', '--marks', '1000,2000', '--runs', '2', '--b', '--max-semi-space-size=16');
    expect(out).toMatch(/^B: --max-semi-space-size=16$/m);
    for (const label of ['run 1 A', 'run 1 B', 'run 2 B', 'run 2 A']) expect(out).toContain(label);
    expect(out.indexOf('run 2 B')).toBeLessThan(out.indexOf('run 2 A'));
    for (const phase of ['0–1k', '1k–2k', '2k–3k']) expect(out).toMatch(new RegExp(`^  ${phase} +A main [\\d.]+ writer [\\d.]+ other -?[\\d.]+ = relay [\\d.]+ µs \\| server [\\d.]+ client [\\d.]+ \\| \\d+/s$`, 'm'));
    expect(out).toMatch(/RATIO B\/A relay \S+, main \S+, writer \S+, other \S+, rate [\d.]+/);
  });

  it('writer-start times the recorder writer alone in cold processes, two variants alternating, and prints the ratios', async () => {
    const out = await run('writer-start.mjs', '--n', '12000', '--runs', '2', '--b', 'cache_size=-16384');
    expect(out).toMatch(/^B: cache_size=-16384$/m);
    expect(out.indexOf('run 2 B')).toBeLessThan(out.indexOf('run 2 A'));
    expect(out).toMatch(/; 12000 frames in batches of \d+, phases 0–10k, 10k–12k$/m);
    expect(out).toMatch(/^run 1 A: µs a frame 0–10k [\d.]+, 10k–12k [\d.]+ \(load /m);
    expect(out).toMatch(/^0–10k: A [\d.]+, B [\d.]+ µs a frame; RATIO B\/A [\d.]+$/m);
    expect(out).toMatch(/^10k–12k: A [\d.]+, B [\d.]+ µs a frame; RATIO B\/A [\d.]+$/m);
  });

  it('browser-large shows, expands and downloads a large tool result and counts long tasks', async () => {
    const out = await run('browser-large.mjs', '--bytes', '1200000', '--runs', '1');
    expect(out).toMatch(/run 1: row \d+ ms, preview \d+ ms, expanded \((\d+) chars\) \d+ ms, downloaded (\d+) B/);
    const [, chars, bytes] = /expanded \((\d+) chars\).*downloaded (\d+) B/.exec(out)!;
    expect(Number(chars)).toBeGreaterThan(1_200_000);
    expect(Number(bytes)).toBe(Number(chars));
    expect(out).toMatch(/long tasks over 100 ms: \d+/);
    expect(out).not.toContain('page errors');
  });

  it('browser-startup-profile says where one page load of the demo session spends its CPU, by process and by script', async () => {
    // V8's profiler sampling every 1 ms instead of 0.2 ms: the start chunk still shows, for less of the profiler's own
    // CPU (Chromium 11/9 s -> 8/7 s, docs/development.md).
    const out = await run('browser-startup-profile.mjs', '--server', 'demo', '--top', '5', '--idleMax', '3000', '--sampling', '1000');
    expect(out).toMatch(/^first row \d+ ms, paint \d+ ms, idle by \d+ ms/m);
    expect(out).toMatch(/^Chromium CPU, open → idle \(ms\): total \d+, .*renderer \d+/m);
    expect(out).toMatch(/^renderer main thread \(ms\): task \d+, script \d+, layout \d+/m);
    // The page's start-up chunk is one of the scripts the profile saw run.
    expect(out).toMatch(/^ +\d+ index-[\w-]+\.js$/m);
  });

  it('log-linters lints and pairs one recording in the page and on the relay, and both find the same', async () => {
    const out = await run('log-linters.mjs', '--requests', '200', '--runs', '1', '--live', '20');
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

  it('startup reports the ready line and the time to a connected demo server', async () => {
    const out = await run('startup.mjs', '--runs', '1');
    expect(out).toMatch(/ready line: \d+ ms/);
    expect(out).toMatch(/connected to the demo server: \d+ ms/);
  });

  it('cli-start reads the start-up CPU of --help, a call and a relay for two builds, alternating, with a ratio each', async () => {
    const out = await run('cli-start.mjs', '--runs', '1');
    expect(out).toMatch(/^cli-start: A .+, 1 runs each, load [\d.]+ [\d.]+ [\d.]+$/m);
    for (const name of ['node -e 0', '--help', 'call tools/list', 'relay to ready']) {
      expect(out).toMatch(new RegExp(`^${name}: A \\d+ ms CPU \\(min \\d+, max \\d+\\), B \\d+ ms \\(min \\d+, max \\d+\\); RATIO B/A [\\d.]+$`, 'm'));
    }
  });

  it('relay-overhead measures direct and relayed round trips', async () => {
    const out = await run('relay-overhead.mjs', '--n', '50', '--runs', '1');
    expect(out).toMatch(/run 1: direct p50 [\d.]+ ms p99 [\d.]+ ms \| relay p50 [\d.]+ ms/);
    expect(out).toMatch(/added latency p50: -?[\d.]+ ms/);
  });

  it('throughput counts every flooded frame as delivered and recorded', async () => {
    const out = await run('throughput.mjs', '--n', '2000', '--runs', '1');
    expect(out).toContain('2000/2000 delivered (0 lost), 2003 recorded');
    expect(out).toMatch(/throughput: \d+ frames\/s/);
  });

  it('fuzz compares its runs per second with the same requests sent directly, and times a shrink', async () => {
    const out = await run('fuzz.mjs', '--runs', '60', '--shrink', 'pair');
    expect(out).toMatch(/^RATIO fuzz\/direct runs per second: [\d.]+ \(goal ≥ 0\.5\)$/m);
    expect(out).toMatch(/^shrink pair: crash exit 3, found at run \d+, \d+ shrinking runs in [\d.]+ s → \{"mode":"sync","count":501\}/m);
  });

  it('insert-floor reports the rate and CPU of raw inserts into a table with only an integer key', async () => {
    expect(await run('insert-floor.mjs', '--n', '3000')).toMatch(/^insert floor: 3000 rows, \d+ rows\/s, [\d.]+ µs CPU per row$/m);
  });
});
