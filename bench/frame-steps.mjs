// The relay main thread's steps for one frame of a flood, each timed alone in this process over the same 200-byte
// notifications (µs of this process's CPU a frame, so that a loaded machine's waits do not count; median of rounds
// that alternate the variants): making the frame from the bytes read (decode, classify, check for invalid UTF-8),
// queuing it for the writer thread (FrameBatch.add: the bytes copied into shared memory), encoding it for the page
// (frame-messages.ts), and, for scale, JSON.parse of its text: where the main thread's microseconds a frame go
// (issue 38, item 5). Runs the compiled modules in dist/ (`npm run build:server`); --base <a copy of an earlier
// build's dist/> times that build's frame making, classifying and page encoding too, in the same rounds.
// Usage: node bench/frame-steps.mjs [--n 100000] [--rounds 7] [--base <dist dir>]
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, args, fmt, percentile } from './bench-lib.mjs';

const o = args({ n: 100_000, rounds: 7, base: '' });
const dist = (p, root = join(ROOT, 'dist')) => import(pathToFileURL(resolve(root, 'server', p)).href);
const { messageFrame } = await dist('core/frame-factory.js');
const { encodeFrames } = await dist('relay/frame-messages.js');
const base = o.base
  ? {
      make: (await dist('core/frame-factory.js', o.base)).messageFrame,
      encode: (await dist('relay/frame-messages.js', o.base)).encodeFrames,
      classify: (await import(pathToFileURL(resolve(o.base, 'shared', 'frame-class.js')).href)).classifyFrame,
    }
  : null;
/** A build's classifier: over the text alone before issue 38's round 2 of bytes, over the bytes and their text since. */
const classifyWith = (classify, bytes, text) => (classify.length === 1 ? classify(text) : classify(bytes, text));
const { FrameBatch } = await dist('store/frame-batch.js');
const { classifyFrame } = await import(join(ROOT, 'dist', 'shared', 'frame-class.js'));

// What scripted-server.mjs --flood writes, each line its own Buffer as the line buffer hands it on.
const lines = Array.from({ length: o.n }, (_, i) =>
  Buffer.from(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `flood ${i} ${'x'.repeat(140)}` } })),
);
const frames = lines.map((b, i) => ({ seq: i + 1, ts: Date.now(), ...messageFrame('in', b) }));
// The base build's frames, for its queuing: FrameBatch keys on their method strings, which the classifier makes.
const baseFrames = base ? lines.map((b, i) => ({ seq: i + 1, ts: Date.now(), ...base.make('in', b) })) : [];
let sink = 0;

function queue(made) {
  let batch = new FrameBatch();
  for (let i = 0; i < made.length; i++) {
    batch.add('s1', made[i], lines[i]);
    if (batch.count >= 2000 || batch.full) {
      batch.release();
      batch = new FrameBatch();
    }
  }
  batch.release();
}

const steps = {
  'make the frame (decode, classify)': () => {
    for (const b of lines) sink += messageFrame('in', b).size;
  },
  'queue it for the writer (FrameBatch.add)': () => queue(frames),
  'encode it for the page (encodeFrames)': () => {
    for (let i = 0; i < frames.length; i += 200) for (const m of encodeFrames('s1', frames.slice(i, i + 200))) sink += m.length;
  },
  ...(base && {
    'base build: make the frame': () => {
      for (const b of lines) sink += base.make('in', b).size;
    },
    'base build: queue its frames (FrameBatch.add)': () => queue(baseFrames),
    'base build: classify alone': () => {
      for (let i = 0; i < lines.length; i++) sink += classifyWith(base.classify, lines[i], frames[i].text).kind.length;
    },
    'base build: encode it for the page': () => {
      for (let i = 0; i < frames.length; i += 200) for (const m of base.encode('s1', frames.slice(i, i + 200))) sink += m.length;
    },
  }),
  'classify alone (classifyFrame)': () => {
    for (let i = 0; i < lines.length; i++) sink += classifyWith(classifyFrame, lines[i], frames[i].text).kind.length;
  },
  'decode alone (toString)': () => {
    for (const b of lines) sink += b.toString('utf8').length;
  },
  'for scale: JSON.parse of the text': () => {
    for (const f of frames) sink += JSON.parse(f.text).method.length;
  },
};
const names = Object.keys(steps);
const got = Object.fromEntries(names.map((n) => [n, []]));
for (const n of names) steps[n](); // warm-up
for (let r = 0; r < o.rounds; r++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(r + k) % names.length];
    const t0 = process.cpuUsage();
    steps[name]();
    const t = process.cpuUsage(t0);
    got[name].push((t.user + t.system) / o.n);
  }
}
console.log(
  `${o.n} frames of ${lines[0].length} bytes, ${o.rounds} rounds, Node ${process.version}, load ${loadavg()[0].toFixed(2)}, ${new Date().toISOString()}`,
);
for (const n of names) {
  const xs = [...got[n]].sort((a, b) => a - b);
  console.log(`${n.padEnd(46)} ${fmt(percentile(xs, 50), 3)} µs a frame (min ${fmt(xs[0], 3)}, max ${fmt(xs.at(-1), 3)})`);
}
if (sink === 0) console.log('(nothing measured)');
