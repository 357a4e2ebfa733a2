// Runs one bench script as a child process for the bench smoke tests, at most AT_ONCE at a time, and returns its stdout.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './relay-process.js';
import { workerChromiumEndpoint } from './worker-chromium.js';

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
// browser-log and browser-large connect to a Chromium of the worker's (workerChromiumEndpoint) instead of launching
// one each; the benches that read Chromium's CPU from their own process tree still launch theirs.
async function benchEnv(): Promise<NodeJS.ProcessEnv> {
  return { ...process.env, MCPSCOPE_BENCH_BUILT: '1', MCPSCOPE_CHROMIUM_ENDPOINT: await workerChromiumEndpoint() };
}

/** Runs bench/<script> with its arguments, failing after `timeout` ms; resolves to what it printed. */
export const runBenchFor = (timeout: number, script: string, ...args: string[]) =>
  slot(
    async () =>
      (
        await promisify(execFile)(process.execPath, [join(ROOT, 'bench', script), ...args], {
          encoding: 'utf8',
          timeout,
          env: await benchEnv(),
          maxBuffer: 64 * 1024 * 1024,
        })
      ).stdout,
  );

/** runBenchFor with the smoke's usual four minutes. */
export const runBench = (script: string, ...args: string[]) => runBenchFor(240_000, script, ...args);
