// A relay whose terminal or parent went away (its stdout and stderr closed at the other end) still shuts down on
// SIGTERM: a failing write to stderr must not become an endless loop of uncaught errors that never lets go.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';

let relay: RelayHandle | undefined;
afterEach(async () => {
  if (relay && relay.proc.exitCode === null && relay.proc.signalCode === null) relay.proc.kill('SIGKILL');
  relay = undefined;
});

describe('the relay after its terminal is gone', () => {
  it('stops on SIGTERM though every line it logs fails to write', async () => {
    relay = await startRelay({ command: [process.execPath, join(FIXTURES, 'scripted-server.mjs')] });
    const exited = new Promise<number | null>((resolve) => relay!.proc.once('exit', (code) => resolve(code)));
    relay.proc.stdout!.destroy();
    relay.proc.stderr!.destroy();
    // The relay logs "stopping servers" to its stderr first, which now fails (EPIPE).
    relay.proc.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 20_000))]);
    expect(code).toBe(0);
  }, 60_000);
});
