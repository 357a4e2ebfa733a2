import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBench, runBenchFor } from '../helpers/bench-run.js';
import { ROOT } from '../helpers/relay-process.js';

// Benchmarks are scripts, not timed tests: these only check that each one runs on a small input and reports. The bench
// job (`npm run test:bench`, vitest.bench.config.ts) runs them; `npm test` runs only the smaller smoke in
// test/e2e/bench-smoke.test.ts. Side by side, at most three scripts at a time, the longest first so none is left to
// run alone at the end; a test's time includes its wait for a slot.
describe.concurrent('the bench scripts', { timeout: 600_000 }, () => {
  it('side-by-side runs mcpscope and the official Inspector in one run and prints ratios with the load', async () => {
    // The first run installs Node 22 and the Inspector into the tools cache (scripts/node22-tools.sh). No uncounted
    // warm-up flood (--warmup 0): it only starts one more relay here (CPU 19/15 s -> 13/15 s, docs/development.md).
    const out = await runBenchFor(600_000, 'side-by-side.mjs', '--pings', '40', '--blocks', '2', '--floods', '2000', '--starts', '1', '--warmup', '0');
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
    const out = await runBench(
      'browser-paint-ab.mjs',
      '--a',
      web,
      '--b',
      web,
      '--n',
      '300',
      '--runs',
      '1',
      '--jumps',
      '2',
      '--timeline',
      '1',
      '--cpu',
      '1',
      '--editor',
      '1',
    );
    expect(out).toContain('recorded 303 frames');
    // The timeline of a run: the socket's traffic, the fetches and the moments of the open, by time since navigation.
    expect(out).toMatch(/^ {2}A +\d+ ms ws out subscribe/m);
    // The history arrives as one frames message a replay chunk (up to 2,000 frames), its seqs read from the header line.
    expect(out).toMatch(/^ {2}A +\d+ ms ws in frames \d+ kB seq 1–303$/m);
    expect(out).toMatch(/^ {2}B +\d+ ms fetch \/api\/sessions \(sent \d+, answered \d+–\d+ ms\)$/m);
    expect(out).toMatch(/^ {2}B +\d+ ms paint$/m);
    expect(out).toMatch(
      /^run 1 A: first row \d+ ms, paint \d+ ms \| jump median \d+ ms max \d+ ms \| composer's editor in \d+ ms \| Chromium CPU to idle \d+ ms \(renderer \d+\) \| load /m,
    );
    expect(out).toMatch(/^run 1 B: first row \d+ ms/m);
    expect(out).not.toContain('page errors');
    expect(out).toMatch(/^paint: A \d+ ms \(\d+–\d+\), B \d+ ms \(\d+–\d+\); RATIO B\/A [\d.]+ \([\d.]+–[\d.]+\)$/m);
    expect(out).toMatch(/^cpu: A \d+ ms \(\d+–\d+\), B \d+ ms/m);
    expect(out).toMatch(/^editor: A \d+ ms/m);
  });

  it('tool-forms-ab picks tools in two builds of the page, alternately, and prints the CPU, the workers started and the ratios', async () => {
    // The same build on both sides: the plumbing is what is checked, and that no pick starts one of Monaco's workers.
    const web = join(ROOT, 'dist', 'web');
    const out = await runBench('tool-forms-ab.mjs', '--a', web, '--b', web, '--runs', '1', '--rounds', '1');
    expect(out).toMatch(/^run 1 A: 4 picks, Chromium CPU \d+ ms \(renderer \d+, browser \d+\), 0 JSON workers and 0 editor workers started, \d+ ms/m);
    expect(out).toMatch(/^run 1 B: 4 picks/m);
    for (const key of ['cpu', 'renderer', 'browser', 'workers', 'editorWorkers', 'wall'])
      expect(out).toMatch(new RegExp(`^${key}: A \\d+ .*; RATIO B/A `, 'm'));
    expect(out).toMatch(/^load average at end: /m);
  });

  it('tap measures the added round trip and five taps flooding one store, every frame recorded', async () => {
    const out = await runBench('tap.mjs', '--pings', '50', '--flood', '2000', '--taps', '5');
    expect(out).toMatch(/^load average at start: /m);
    expect(out).toMatch(/run 1: added latency p50 -?[\d.]+ ms, p99 -?[\d.]+ ms; RATIO tap\/direct p50 [\d.]+/);
    expect(out).toMatch(/run 1: flood per host, 5 taps at once: \d+ frames\/s .*, 0 frames lost by hosts/);
    expect(out).toMatch(/run 1: recorded per tap, 5 at once: \d+ frames\/s/);
    expect(out).toContain('run 1: recorded 5 sessions of 5, frames each: 2006, 2006, 2006, 2006, 2006; 0 short of 2002');
  });

  it('relay-lint-open opens a fresh windowed session from each relay in turn and reports paints and the lint thread', async () => {
    const out = await runBench(
      'relay-lint-open.mjs',
      '--a',
      join(ROOT, 'bin', 'mcpscope.js'),
      '--n',
      '1500',
      '--loads',
      '1',
      '--order',
      'AB',
      '--memoryFrames',
      '300',
    );
    expect(out).toMatch(/^A: paints \d+ ms; median \d+ \| busiest relay thread \d+ ms CPU over \d+ ms \| load [\d.]+$/m);
    expect(out).toMatch(/^B: paints \d+ ms; median \d+ /m);
    expect(out).toMatch(/A median \d+ \(\d+–\d+\), B median \d+ \(\d+–\d+\); B\/A [\d.]+/);
  });

  it('flood-phases splits floods into phases and prints CPU per frame by thread for two alternating variants', async () => {
    // A tiny flood, B differing by one Node flag: what is checked is the phases and the alternation, not a gain.
    const out = await runBench('flood-phases.mjs', '--n', '3000', '--marks', '1000,2000', '--runs', '2', '--b', '--max-semi-space-size=16');
    expect(out).toMatch(/^B: --max-semi-space-size=16$/m);
    for (const label of ['run 1 A', 'run 1 B', 'run 2 B', 'run 2 A']) expect(out).toContain(label);
    expect(out.indexOf('run 2 B')).toBeLessThan(out.indexOf('run 2 A'));
    for (const phase of ['0–1k', '1k–2k', '2k–3k'])
      expect(out).toMatch(
        new RegExp(`^  ${phase} +A main [\\d.]+ writer [\\d.]+ other -?[\\d.]+ = relay [\\d.]+ µs \\| server [\\d.]+ client [\\d.]+ \\| \\d+/s$`, 'm'),
      );
    expect(out).toMatch(/RATIO B\/A relay \S+, main \S+, writer \S+, other \S+, rate [\d.]+/);
  });

  it('writer-start times the recorder writer alone in cold processes, two variants alternating, and prints the ratios', async () => {
    const out = await runBench('writer-start.mjs', '--n', '12000', '--runs', '2', '--b', 'cache_size=-16384');
    expect(out).toMatch(/^B: cache_size=-16384$/m);
    expect(out.indexOf('run 2 B')).toBeLessThan(out.indexOf('run 2 A'));
    expect(out).toMatch(/; 12000 frames in batches of \d+, phases 0–10k, 10k–12k$/m);
    expect(out).toMatch(/^run 1 A: µs a frame 0–10k [\d.]+, 10k–12k [\d.]+ \(load /m);
    expect(out).toMatch(/^0–10k: A [\d.]+, B [\d.]+ µs a frame; RATIO B\/A [\d.]+$/m);
    expect(out).toMatch(/^10k–12k: A [\d.]+, B [\d.]+ µs a frame; RATIO B\/A [\d.]+$/m);
  });

  it('browser-large shows, expands and downloads a large tool result and counts long tasks', async () => {
    const out = await runBench('browser-large.mjs', '--bytes', '1200000', '--runs', '1');
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
    const out = await runBench('browser-startup-profile.mjs', '--server', 'demo', '--top', '5', '--idleMax', '3000', '--sampling', '1000');
    expect(out).toMatch(/^first row \d+ ms, paint \d+ ms, idle by \d+ ms/m);
    expect(out).toMatch(/^Chromium CPU, open → idle \(ms\): total \d+, .*renderer \d+/m);
    expect(out).toMatch(/^renderer main thread \(ms\): task \d+, script \d+, layout \d+/m);
    // The page's start-up chunk is one of the scripts the profile saw run.
    expect(out).toMatch(/^ +\d+ index-[\w-]+\.js$/m);
    // --threads: each thread's CPU instead of the profile, the renderer's main thread among them.
    const threads = await runBench('browser-startup-profile.mjs', '--server', 'demo', '--threads', '1', '--hold', '500', '--idleMax', '3000');
    expect(threads).toMatch(/^Chromium CPU by thread, open → idle \(ms\):\n(?: +\d+ .+\n)*? +\d+ renderer \S+ \(main thread\)/m);
    expect(threads).toMatch(/^Chromium CPU by thread, the 500 ms after idle \(ms\):$/m);
    expect(threads).not.toContain('self time by script');
  });

  it('share-file sizes the share file against the gzipped bundle and opens it beside the live inspector', async () => {
    const out = await runBench('share-file.mjs', '--n', '200', '--runs', '1');
    expect(out).toMatch(/^203 frames: bundle \d+ B, gzipped \d+ B \| share file \d+ B \([\d.]+× the gzipped bundle\), its data \d+ B \([\d.]+×\)/m);
    expect(out).toMatch(/^ {2}203 frames, median first row: live \d+ ms, file \d+ ms, ratio [\d.]+× \(goal ≤ 1\.5×\)$/m);
  });

  it('cli-start reads the start-up CPU of --help, a call and a relay (at its ready line and settled) for two builds, alternating, with a ratio each', async () => {
    const out = await runBench('cli-start.mjs', '--runs', '1', '--settle', '200');
    expect(out).toMatch(/^cli-start: A .+, 1 runs each, load [\d.]+ [\d.]+ [\d.]+$/m);
    for (const name of ['node -e 0', '--help', 'call tools/list', 'relay ready', 'relay settled']) {
      expect(out).toMatch(new RegExp(`^${name}: A \\d+ ms CPU \\(min \\d+, max \\d+\\), B \\d+ ms \\(min \\d+, max \\d+\\); RATIO B/A [\\d.]+$`, 'm'));
    }
  });

  it('fuzz compares its runs per second with the same requests sent directly, and times a shrink', async () => {
    const out = await runBench('fuzz.mjs', '--runs', '60', '--shrink', 'pair', '--repeat', '3');
    // Three pairs, the second with the direct side first, and their median.
    expect(out).toMatch(/^direct \(sent first\): the same 60 requests/m);
    expect(out).toMatch(/^ratios: [\d.]+, [\d.]+, [\d.]+$/m);
    expect(out).toMatch(/^warm \(pairs 2–3\): median ratio [\d.]+; cold \(pair 1\): [\d.]+$/m);
    expect(out).toMatch(/^RATIO fuzz\/direct runs per second: [\d.]+ \(median of 3\) \(goal ≥ 0\.5\)$/m);
    expect(out).toMatch(/^shrink pair: crash exit 3, found at run \d+, \d+ shrinking runs in [\d.]+ s → \{"mode":"sync","count":501\}/m);
  });

  it('relay-inflight prints added latency at each count in flight against the direct round trip and the minimal proxy, for two relays', async () => {
    const out = await runBench('relay-inflight.mjs', '--pings', '40', '--blocks', '2', '--inflight', '1,8', '--bin', 'bin/mcpscope.js');
    for (const k of [1, 8]) {
      expect(out).toMatch(
        new RegExp(`^RATIO ${k} in flight, minimal: .*added p50 -?[\\d.]+ ms = -?[\\d.]+× direct p50 .*relay CPU [\\d.]+ µs a round trip$`, 'm'),
      );
      for (const side of ['relay', 'before'])
        expect(out).toMatch(
          new RegExp(
            `^RATIO ${k} in flight, ${side}: .*added p50 -?[\\d.]+ ms = -?[\\d.]+× direct p50 .*relay CPU [\\d.]+ µs a round trip; -?[\\d.]+× the minimal proxy's added p50, -?[\\d.]+× its added p99$`,
            'm',
          ),
        );
    }
    const wake = await runBench('relay-wakeups.mjs', '--pings', '50');
    for (const side of ['minimal', 'relay'])
      expect(wake).toMatch(new RegExp(`^${side} \\(pid \\d+\\):\\n {2}main +CPU +[\\d.]+ µs, wake-ups [\\d.]+ a round trip$`, 'm'));
    const page = await runBench('page-round-trip.mjs', '--rounds', '200', '--blocks', '2');
    expect(page).toMatch(/^before \(sent \+ frames, 2 messages\): [\d.]+ µs a round trip/m);
    expect(page).toMatch(/^RATIO after ÷ before: [\d.]+×$/m);
  });

  it('frame-cost prints CPU per flood frame by thread for two builds, alternating, and frame-steps each step alone', async () => {
    const cost = await runBench('frame-cost.mjs', '--n', '2000', '--runs', '1', '--bin', 'bin/mcpscope.js');
    for (const side of ['after', 'before']) expect(cost).toMatch(new RegExp(`^${side} *: main [\\d.]+ µs \\([\\d.]+× floor\\), writer [\\d.]+ µs`, 'm'));
    const steps = await runBench('frame-steps.mjs', '--n', '2000', '--rounds', '1', '--base', 'dist');
    expect(steps).toMatch(/^make the frame \(decode, classify\) +[\d.]+ µs a frame/m);
    expect(steps).toMatch(/^base build: queue its frames \(FrameBatch.add\) +[\d.]+ µs a frame/m);
    expect(steps).toMatch(/^encode it for the page \(encodeFrames\) +[\d.]+ µs a frame/m);
  });

  it('npm-start alternates npm start, the bare relay, an npm floor and the official Inspector (launcher and npx) to their ready lines, the relay to its first answer, and times the stamp check', async () => {
    const out = await runBench('npm-start.mjs', '--runs', '1');
    expect(out).toMatch(/^RATIO npm start\/official [\d.]+ \(goal ≤ 0\.8\), bare relay\/official [\d.]+/m);
    expect(out).toMatch(/^official npx: ready [\d.]+ ms/m);
    expect(out).toMatch(/^RATIO npm start\/official npx [\d.]+ \(each README's command\)$/m);
    expect(out).toMatch(/^npm start {3}: first answer \(GET \/api\/config, the launch session in it\) [\d.]+ ms median, -?[\d.]+ ms after the ready line$/m);
    expect(out).toMatch(/^RATIO npm floor\/official [\d.]+ \(npm start of a script that only listens and prints ready\)$/m);
    expect(out).toMatch(/^build stamp check \(server, web, share\): [\d.]+ ms wall, [\d.]+ ms CPU/m);
  });

  it('memory prints the relay RSS before, through and after a flood against the idle baseline, for each build it alternates', async () => {
    const out = await runBench('memory.mjs', '--n', '3000', '--step', '1000', '--idle', '1500', '--bins', '.,bin/mcpscope.js');
    expect(out).toMatch(/^run 1 this checkout: /m);
    expect(out).toMatch(/^run 1 \S+bin\/mcpscope\.js: /m);
    expect(out.match(/^idle before \(baseline\) +RSS +[\d.]+ MB {2}×1\.00 of the idle baseline/gm)).toHaveLength(2);
    for (const row of ['at 1000', 'at 2000', 'at 3000 \\(flood answered\\)', 'idle 1000 ms after', 'idle 1500 ms after'])
      expect(out).toMatch(
        new RegExp(`^${row} +RSS +[\\d.]+ MB {2}×[\\d.]+ of the idle baseline +\\(\\+-?[\\d.]+ MB; anonymous [\\d.]+ MB, C heap [\\d.]+ MB\\)$`, 'm'),
      );
  });

  it('text-filter times the windowed filters by scan and through the trigram index, and finds the same matches', async () => {
    const out = await runBench('text-filter.mjs', '--n', '3000', '--runs', '1');
    expect(out).toMatch(/^background pass \(lint \+ index\): [\d.]+ s, \d+ frames\/s; insert floor \d+ rows\/s; RATIO pass\/floor [\d.]+$/m);
    expect(out).toMatch(/^on disk: frames \d+ MB, their text index \d+ MB \(RATIO index\/frames [\d.]+\)$/m);
    expect(out).toMatch(
      /^text, one frame +1 matches \| whole count: scan \d+ ms, indexed \d+ ms, RATIO [\d.]+ \| first page: scan \d+ ms, indexed \d+ ms \| first rows: \d+ ms \(\d+ unindexed\)$/m,
    );
    expect(out).toMatch(/^text, every frame +3000 matches /m);
    for (const row of ['text, 2 characters, every', 'method, every frame', 'direction, every frame', 'kind, every frame'])
      expect(out).toMatch(new RegExp(`^${row} +300[0-3] matches `, 'm'));
    expect(out).toMatch(/^block counts: [\d.]+ MB \(RATIO counts\/frames [\d.]+\)$/m);
  });

  it('block-counts prints what the block counts add to the background pass against its trigram index', async () => {
    const out = await runBench('block-counts.mjs', '--n', '3000');
    expect(out).toMatch(/^trigram index [\d.]+ µs a frame, block counts [\d.]+ µs a frame; RATIO counts\/index [\d.]+$/m);
  });

  it('flood-with-index alternates floods with and without the background pass beside them and prints the ratio', async () => {
    const out = await runBench('flood-with-index.mjs', '--n', '3000', '--runs', '1');
    expect(out).toMatch(/^A \(no pass\): \d+ frames\/s, [\d.]+× the insert floor \(\d+ rows\/s\)$/m);
    expect(out).toMatch(/^RATIO B\/A [\d.]+, load /m);
  });
});
