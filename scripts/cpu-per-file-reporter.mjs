// A vitest reporter that says how much CPU each test file cost, by process family: every 0.5 s it reads /proc for
// vitest's descendants (its workers, the e2e project's one Chromium and its renderers, relays, CLI runs, servers) and
// charges what they used since the last look to the file that is running. Run files one at a time so that is exact:
//   npx vitest run --project e2e --no-file-parallelism --reporter=default --reporter=./scripts/cpu-per-file-reporter.mjs [files]
// Writes test-results/cpu-per-file.json (or the file CPU_PER_FILE_OUT names) and prints a table at the end. The time
// between one file's end and the next one's is charged to the next (its import and setup); what the run does before the
// first file (the global setup's build check and Chromium's start) goes to "(setup)". A process's last half second
// before it exits is not seen, so short-lived processes are undercounted a little (docs/development.md).
// CPU_PER_TEST=1 adds a row at each test's end (what ran since the row before: a file's first test carries the file's
// import and beforeAll); the file's own row then holds only what came after its last test (afterAll).
// Each row also counts the processes first seen while the file ran, by family (`starts`: relays and CLI runs, server
// fixtures, Chromium's processes), the processes a test file repeats. CPU_PER_FILE_STEP_MS (500 by default) samples
// faster, so fewer short processes (a CLI run of under half a second) go unseen, for the price of more reads of /proc.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { commandLine, descendants, family } from './proc-tree.mjs';

const OUT = process.env.CPU_PER_FILE_OUT ?? 'test-results/cpu-per-file.json';
const STEP_MS = Number(process.env.CPU_PER_FILE_STEP_MS ?? 500);

/** The family, with Chromium's processes told apart by type (renderer, gpu-process, zygote, a utility's service, browser). */
function kind(cmd) {
  if (!/chrom/i.test(cmd)) return family(cmd);
  const type = /--type=(\S+)/.exec(cmd)?.[1] ?? 'browser';
  return `chromium ${type === 'utility' ? (/--utility-sub-type=\S*?(\w+)(\s|$)/.exec(cmd)?.[1] ?? 'utility') : type}`;
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export default class CpuPerFileReporter {
  seen = new Map(); // pid:start → { family, cpu }
  charge = {}; // family → cpu since the last file ended
  starts = {}; // family → processes first seen since the last file ended
  files = [];
  tests = 0;
  last = Date.now();

  onInit() {
    this.timer = setInterval(() => this.sample(), STEP_MS);
  }

  sample() {
    for (const [pid, s] of descendants(process.pid)) {
      const key = `${pid}:${s.start}`;
      let e = this.seen.get(key);
      if (!e) {
        const cmd = pid === process.pid ? 'vitest main' : commandLine(pid);
        if (cmd === null) continue;
        e = { family: kind(cmd), cpu: 0 };
        this.seen.set(key, e);
        this.starts[e.family] = (this.starts[e.family] ?? 0) + 1;
      }
      this.charge[e.family] = (this.charge[e.family] ?? 0) + (s.cpu - e.cpu);
      e.cpu = s.cpu;
    }
  }

  close(file, tests) {
    this.sample();
    const now = Date.now();
    const cpu = Object.fromEntries(Object.entries(this.charge).map(([k, v]) => [k, Math.round(v * 10) / 10]));
    const total = Object.values(this.charge).reduce((a, b) => a + b, 0);
    const starts = this.starts;
    this.files.push({ file, tests, load: load(), wallS: (now - this.last) / 1000, cpuS: Math.round(total * 10) / 10, cpu, starts });
    this.charge = {};
    this.starts = {};
    this.last = now;
  }

  onTestModuleQueued() {
    // The first file's queueing ends the setup's share.
    if (this.files.length === 0) this.close('(setup)', 0);
  }

  onTestCaseResult(t) {
    if (process.env.CPU_PER_TEST === '1') this.close(`  · ${t.name}`, 1);
  }

  onTestModuleEnd(m) {
    this.close(m.moduleId.replace(/.*\/test\//, ''), [...m.children.allTests()].length);
  }

  onTestRunEnd() {
    clearInterval(this.timer);
    // Whatever ran after the last file (the global teardown: Chromium's close) is in the last sample only if it ran
    // before this hook; it is small and left out.
    const rows = this.files;
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, JSON.stringify(rows, null, 1));
    const chromium = (f) =>
      Object.entries(f.cpu)
        .filter(([k]) => k.startsWith('chromium'))
        .reduce((a, [, v]) => a + v, 0);
    // Processes started, Chromium's left out (its renderers and utilities come with every page load).
    const started = (f) =>
      Object.entries(f.starts)
        .filter(([k]) => !k.startsWith('chromium') && !k.startsWith('vitest'))
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');
    const lines = rows.map(
      (f) =>
        `${f.cpuS.toFixed(1).padStart(7)} ${chromium(f).toFixed(1).padStart(7)} ${String(f.tests).padStart(3)} ${f.wallS.toFixed(0).padStart(5)}  ${f.load.padEnd(16)} ${f.file}${f.starts && started(f) ? `  [${started(f)}]` : ''}`,
    );
    const total = rows.reduce((a, f) => a + f.cpuS, 0);
    console.log(
      `\ncpu-per-file (CPU s, of it Chromium, tests, wall s, load at the file's end, file [processes started]):\n${lines.join('\n')}\n${total.toFixed(1).padStart(7)} total\n`,
    );
  }
}
