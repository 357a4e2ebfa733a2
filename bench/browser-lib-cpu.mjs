// The CPU a page load costs Chromium: every process of the browser's tree (renderer, GPU, network and other utility
// processes, the browser process itself) read from /proc, from before the page opens until the tree goes idle. CPU
// seconds hold up under load where wall times do not, and they are what a test suite of ~370 page loads pays.
import { readFileSync } from 'node:fs';
import { childPids, cpuMs, threadCpuMs } from './bench-lib.mjs';

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

/**
 * CPU used so far (ms) by each thread of each Chromium process under `root`, keyed by pid/tid, with its process type and
 * thread name (`/proc/<pid>/task/<tid>/comm`: CrRendererMain, Compositor, CompositorTileW, V8 workers, ThreadPool…). The
 * renderer's CPU off its main thread (raster, compositing, V8's background compile and GC) shows only this way.
 */
export function treeThreadCpu(root = process.pid) {
  const out = new Map();
  for (const [pid, { type }] of treeCpu(root)) {
    try {
      for (const [tid, ms] of threadCpuMs(pid)) {
        let name = '?';
        try {
          name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        } catch {
          // The thread ended between the two reads: its name is unknown, its CPU still counted.
        }
        out.set(`${pid}/${tid}`, { ms, type, name: tid === pid ? `${name} (main thread)` : name });
      }
    } catch {
      // The process ended while being read.
    }
  }
  return out;
}

/**
 * CPU (ms) used between two treeThreadCpu readings by process type and thread name (threads of one name summed, e.g.
 * the renderer's raster workers), busiest first, with how many threads of that name did any work.
 */
export function cpuByThread(before, after) {
  const out = new Map();
  for (const [key, { ms, type, name }] of after) {
    const used = ms - (before.get(key)?.ms ?? 0);
    const k = `${type} ${name}`;
    const row = out.get(k) ?? { ms: 0, threads: 0 };
    row.ms += used;
    if (used > 0) row.threads++;
    out.set(k, row);
  }
  return [...out].filter(([, r]) => r.ms > 0).sort((a, b) => b[1].ms - a[1].ms);
}
