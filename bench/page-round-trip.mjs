// What a round trip costs the page's socket client to read, with the send's answer as its own `sent` message (before
// round 5) and folded into the `frames` message that carries the echo and the reply (round 5): the page's own reader
// (parseRelayServerMessage, the schema check included) on the messages the relay writes for one ping, both shapes
// alternating in blocks, medians of the blocks, as a ratio. Node's V8 stands in for the browser's.
// Usage: node bench/page-round-trip.mjs [--rounds 20000] [--blocks 20] [--base <another build's dist/>]
//   --base: the before side is read with that build's reader (a before/after of the page's code, not only the shape).
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packFrames } from '../dist/shared/frames-wire.js';
import { parseRelayServerMessage } from '../dist/shared/relay-protocol.js';
import { args, fmt, load, median } from './bench-lib.mjs';

const o = args({ rounds: 20000, blocks: 20, base: '' });
const readers = {
  before: o.base ? (await import(pathToFileURL(resolve(o.base, 'shared', 'relay-protocol.js')).href)).parseRelayServerMessage : parseRelayServerMessage,
  after: parseRelayServerMessage,
};
const sid = '6f1c2a4e-93b1-4f0e-8d7a-2c5b9e1f0a37';
const frame = (seq, dir, text, more = {}) => ({
  seq,
  ts: 1_764_900_000_000.123 + seq,
  dir,
  kind: dir === 'out' ? 'request' : 'response',
  text,
  size: text.length,
  method: dir === 'out' ? 'ping' : null,
  rpcId: '7',
  ...more,
});
const echo = frame(41, 'out', '{"jsonrpc":"2.0","id":7,"method":"ping"}', { origin: 'user' });
const reply = frame(42, 'in', '{"jsonrpc":"2.0","id":7,"result":{}}');
const before = [JSON.stringify({ type: 'sent', sessionId: sid, seq: 41, ref: '12' }), packFrames(sid, [echo, reply])];
const after = [packFrames(sid, [echo, reply], 0, 2, new Map([[41, '12']]))];

/** µs a round trip to read `messages` as the page does. */
function read(parse, messages, rounds) {
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) for (const m of messages) if (!parse(m).ok) throw new Error('refused');
  return ((performance.now() - t0) * 1000) / rounds;
}

console.log(`load average at start: ${load()} (${cpus().length} cores); Node ${process.version}; ${new Date().toISOString()}`);
console.log(`before read with ${o.base ? `the reader of ${o.base}` : "this build's reader"}`);
read(readers.before, before, o.rounds);
read(readers.after, after, o.rounds);
const per = Math.round(o.rounds / o.blocks);
const times = { before: [], after: [] };
for (let b = 0; b < o.blocks; b++) {
  // Alternating which goes first, so neither always meets a changing load first.
  const order = b % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
  for (const name of order) times[name].push(read(readers[name], name === 'before' ? before : after, per));
}
const [b50, a50] = [median(times.before), median(times.after)];
console.log(`before (sent + frames, ${before.length} messages): ${fmt(b50, 2)} µs a round trip (median of ${o.blocks} blocks)`);
console.log(`after (frames with its sent, 1 message): ${fmt(a50, 2)} µs a round trip`);
console.log(`RATIO after ÷ before: ${fmt(a50 / b50, 2)}×`);
console.log(`load average at end: ${load()}`);
