// Replays of sessions recorded in the inspector (connect, Tools tab, a tool call through its form) against
// well-behaved servers show no difference: a slice of scripts/replay-check.mjs, which runs ten replays of each.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/relay-process.js';
import { runScript } from '../helpers/run-cli.js';
import { workerChromiumEndpoint } from '../helpers/worker-chromium.js';

describe('replaying a session recorded in the inspector', () => {
  it('is clean, replay after replay, for server-everything and a tools-only server', async () => {
    // The recordings' pages open in a Chromium of the worker's (workerChromiumEndpoint) instead of one launched per recording.
    const run = await runScript(
      join(ROOT, 'scripts', 'replay-check.mjs'),
      ['--via', 'ui', '--server', 'everything', '--server', 'tools-only', '--runs', '2', '--json'],
      { MCPSCOPE_CHROMIUM_ENDPOINT: await workerChromiumEndpoint() },
    );
    const results = JSON.parse(run.stdout) as Array<{ server: string; clean: number; differences: Array<{ text: string }> }>;
    expect(results.map((r) => [r.server, r.clean, r.differences.map((d) => d.text)])).toEqual([
      ['everything', 2, []],
      ['tools-only', 2, []],
    ]);
    expect(run.code).toBe(0);
  }, 300_000);
});
