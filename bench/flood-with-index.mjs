// What the background pass (lint and trigram index, server/store/text-index.ts) costs a live flood's record rate: floods
// alternate (A B B A …) between a client that only subscribes (A) and one that also polls the findings summary every
// 500 ms, as the page does on a windowed session (B), which keeps the pass indexing beside the writer thread. Prints each
// flood's rate, the median of each, RATIO B/A, and each against the insert floor measured in the same run.
// Usage: node bench/flood-with-index.mjs [--n 300000] [--runs 2]
import { spawnSync } from 'node:child_process';
import { clearInterval, setInterval } from 'node:timers';
import { join } from 'node:path';
import { ROOT, SCRIPTED, args, floodClient, fmt, load, startRelay, summary } from './bench-lib.mjs';

const o = args({ n: 300_000, runs: 2 });
console.log(`flood-with-index: ${o.n} frames, ${o.runs} floods each, load ${load()} at start`);

async function flood(poll) {
  const relay = await startRelay([process.execPath, SCRIPTED, '--flood', String(o.n)]);
  const client = await floodClient(relay);
  await new Promise((r) => setTimeout(r, 300));
  let polls = 0;
  const timer = poll
    ? setInterval(
        () =>
          void relay.api(`/api/sessions/${relay.sessionId}/findings-summary`).then(
            () => polls++,
            () => undefined,
          ),
        500,
      )
    : null;
  const t0 = performance.now();
  client.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood' }));
  const seconds = ((await client.answered) - t0) / 1000;
  if (timer) clearInterval(timer);
  const recorded = (await relay.api(`/api/sessions/${relay.sessionId}`)).lastSeq;
  const indexed = poll ? (await relay.api(`/api/sessions/${relay.sessionId}/findings-summary`)).lintedTo : 0;
  client.close();
  await relay.stop();
  if (client.delivered() !== o.n || recorded < o.n) throw new Error(`lost frames: ${client.delivered()} delivered, ${recorded} recorded`);
  return { rate: o.n / seconds, polls, indexed };
}

const rates = { A: [], B: [] };
for (let run = 0; run < o.runs; run++)
  for (const v of run % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
    const r = await flood(v === 'B');
    rates[v].push(r.rate);
    console.log(
      `${v}: ${Math.round(r.rate)} frames/s${v === 'B' ? ` (${r.polls} polls; linted and indexed to ${r.indexed} when the flood ended)` : ''}, load ${load()}`,
    );
  }
const floor = spawnSync(process.execPath, [join(ROOT, 'bench', 'insert-floor.mjs'), '--n', '200000'], { encoding: 'utf8' }).stdout;
const floorRate = Number(/(\d+) rows\/s/.exec(floor)?.[1] ?? NaN);
const a = summary(rates.A).median;
const b = summary(rates.B).median;
console.log(`A (no pass): ${Math.round(a)} frames/s, ${fmt(a / floorRate, 2)}× the insert floor (${floorRate} rows/s)`);
console.log(`B (pass beside the flood): ${Math.round(b)} frames/s, ${fmt(b / floorRate, 2)}× the insert floor`);
console.log(`RATIO B/A ${fmt(b / a, 2)}, load ${load()} at end`);
