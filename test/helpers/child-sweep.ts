// Every long-lived process the test helpers start (relays, remote servers, taps), so that none outlives its test file:
// test/setup/stop-stragglers.ts stops, after a file's own teardown, whatever that teardown could not reach (a
// beforeAll that timed out while a relay was still starting, a Promise.all whose other half failed, a start that
// failed). Without it such a relay outlived the run: vitest ends a file's worker without an exit handler running.
import type { ChildProcess } from 'node:child_process';

const live = new Set<ChildProcess>();
const running = (p: ChildProcess) => p.exitCode === null && p.signalCode === null;

/** Tracks `proc` until it exits. */
export function track<P extends ChildProcess>(proc: P): P {
  live.add(proc);
  proc.once('exit', () => live.delete(proc));
  return proc;
}

/** SIGTERM to each tracked process still running (a relay then stops its own servers), SIGKILL after `graceMs`. */
export async function stopStragglers(graceMs = 5000): Promise<string[]> {
  const left = [...live].filter(running);
  await Promise.all(
    left.map(
      (p) =>
        new Promise<void>((done) => {
          const t = setTimeout(() => p.kill('SIGKILL'), graceMs);
          p.once('exit', () => {
            clearTimeout(t);
            done();
          });
          if (!running(p)) return done();
          p.kill('SIGTERM');
        }),
    ),
  );
  return left.map((p) => p.spawnargs.slice(1, 4).join(' '));
}
