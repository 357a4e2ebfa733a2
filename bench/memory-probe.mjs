// A preload for the relay in memory benches (`--import bench/memory-probe.mjs` through BENCH_RELAY_NODE_ARGS): every
// MEMORY_PROBE_MS (500) each thread (the main one and every worker, which inherit the flag) appends one JSON line to
// MEMORY_PROBE_FILE (%p: the pid) with its V8 heap and, from the main thread, the process's resident set split into
// anonymous and file-backed pages, its thread count and array-buffer memory: what bench/memory.mjs --probe 1 reads.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { isMainThread, threadId } from 'node:worker_threads';

const file = process.env.MEMORY_PROBE_FILE?.replace('%p', String(process.pid));
const every = Number(process.env.MEMORY_PROBE_MS ?? 500);
const mb = (n) => Math.round((n / 1048576) * 10) / 10;
function kb(text, key) {
  return Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) / 1024;
}
function sample() {
  const h = getHeapStatistics();
  const m = process.memoryUsage();
  const line = { t: Date.now(), thread: threadId, heapUsed: mb(h.used_heap_size), heapCommitted: mb(h.total_physical_size), external: mb(h.external_memory) };
  for (const sp of getHeapSpaceStatistics()) if (sp.physical_space_size > 1048576) line[sp.space_name] = mb(sp.physical_space_size);
  if (isMainThread) {
    const roll = readFileSync('/proc/self/smaps_rollup', 'utf8');
    const status = readFileSync('/proc/self/status', 'utf8');
    Object.assign(line, {
      rss: mb(m.rss),
      anon: Math.round(kb(roll, 'Anonymous') * 10) / 10,
      file: Math.round((kb(roll, 'Rss') - kb(roll, 'Anonymous')) * 10) / 10,
      arrayBuffers: mb(m.arrayBuffers),
      threads: Number(/^Threads:\s+(\d+)/m.exec(status)?.[1]),
    });
  }
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}
// With --expose-gc and MEMORY_PROBE_GC naming a file: once that file exists, each thread runs one full collection (an
// experiment: what a collection after the flood would give back).
const trigger = process.env.MEMORY_PROBE_GC;
let collected = false;
function tick() {
  if (trigger && !collected && typeof globalThis.gc === 'function' && existsSync(trigger)) {
    collected = true;
    globalThis.gc();
  }
  sample();
}
if (file) setInterval(tick, every).unref();
