// The CPU a page load costs Chromium: every process of the browser's tree (renderer, GPU, network and other utility
// processes, the browser process itself) read from /proc, from before the page opens until the tree goes idle. CPU
// seconds hold up under load where wall times do not, and they are what a test suite of ~370 page loads pays.
import { readFileSync } from 'node:fs';
import { childPids, cpuMs } from './bench-lib.mjs';

/**
 * CPU used so far (ms) by each Chromium process under `root` (this process, which launched the browser, by default), by
 * pid, with each one's process type; the relays and servers a bench starts under the same root are left out.
 */
export function treeCpu(root = process.pid) {
  const out = new Map();
  const walk = (pid) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (/chrom/i.test(cmd)) out.set(pid, { ms: cpuMs(pid), type: /--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser' });
      for (const child of childPids(pid)) walk(child);
    } catch {
      // The process ended while being read: its last CPU is not counted.
    }
  };
  walk(root);
  return out;
}

/** CPU (ms) used between two treeCpu readings, by process type (renderer, gpu-process, utility, zygote, browser). */
export function cpuByType(before, after) {
  const out = { total: 0 };
  for (const [pid, { ms, type }] of after) {
    const used = ms - (before.get(pid)?.ms ?? 0);
    out[type] = (out[type] ?? 0) + used;
    out.total += used;
  }
  return out;
}

/**
 * Resolves once the browser's tree has been idle (under `quietMs` of CPU in each of two `stepMs` intervals), or after
 * `maxMs`; returns the reading at that moment. What the page starts after its first paint (code fetched at idle,
 * workers) is counted this way, where stopping at the paint would miss it.
 */
export async function untilIdle(root = process.pid, { stepMs = 250, quietMs = 25, maxMs = 20_000 } = {}) {
  const started = Date.now();
  let last = treeCpu(root);
  let quiet = 0;
  while (Date.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, stepMs));
    const now = treeCpu(root);
    quiet = cpuByType(last, now).total < quietMs ? quiet + 1 : 0;
    last = now;
    if (quiet >= 2) break;
  }
  return last;
}
