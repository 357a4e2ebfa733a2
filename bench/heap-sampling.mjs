// Where a relay's garbage comes from: V8's sampling heap profile with the objects young and full collections freed
// kept in it (`--heap-prof` keeps only what is still alive at its end, so it shows no garbage), per function.
// Two uses:
//   BENCH_RELAY_NODE_ARGS="--import ./bench/heap-sampling.mjs" node bench/relay-inflight.mjs --inflight 1 --minimal 0
//     every relay the bench starts samples its main thread's allocations and writes /tmp/heap-sampling-<pid>.json
//     (HEAP_SAMPLING_DIR for another folder) as it exits;
//   node bench/heap-sampling.mjs <that file> [--per <round trips>] [--top 25]
//     prints the bytes allocated by each function (self) and under it (inclusive), and per round trip with --per.
import { writeFileSync, readFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';

const main = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (!main) {
  const s = new Session();
  s.connect();
  s.post('HeapProfiler.enable');
  // Every 1 KB allocated on average; both kinds of collected objects stay in the profile.
  s.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  process.on('exit', () => {
    // An in-process session answers synchronously, so the profile is written before the process is gone.
    s.post('HeapProfiler.stopSampling', (err, r) => {
      if (!err) writeFileSync(join(process.env.HEAP_SAMPLING_DIR ?? tmpdir(), `heap-sampling-${process.pid}.json`), JSON.stringify(r.profile));
    });
  });
} else {
  const file = process.argv[2];
  const opt = (name, d) => {
    const i = process.argv.indexOf(`--${name}`);
    return i === -1 ? d : Number(process.argv[i + 1]);
  };
  const per = opt('per', 0);
  const top = opt('top', 25);
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const stacks = new Map();
  const walk = (node, stack) => {
    const cf = node.callFrame;
    const name = `${cf.functionName || '(anonymous)'} ${cf.url.split('/').pop()}:${cf.lineNumber + 1}`;
    const here = [...stack, name];
    stacks.set(node.id, here);
    for (const c of node.children ?? []) walk(c, here);
  };
  walk(profile.head, []);
  const self = new Map();
  const incl = new Map();
  let total = 0;
  for (const { size, nodeId } of profile.samples) {
    const stack = stacks.get(nodeId);
    total += size;
    self.set(stack.at(-1), (self.get(stack.at(-1)) ?? 0) + size);
    for (const f of new Set(stack)) incl.set(f, (incl.get(f) ?? 0) + size);
  }
  const line = (bytes, what) => `${(bytes / 1e6).toFixed(2).padStart(8)} MB${per ? ` ${String(Math.round(bytes / per)).padStart(6)} B/rt` : ''}  ${what}`;
  console.log(line(total, 'allocated in all (sampled)'));
  console.log('self:');
  for (const [f, b] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(line(b, f));
  console.log('inclusive:');
  for (const [f, b] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(line(b, f));
}
