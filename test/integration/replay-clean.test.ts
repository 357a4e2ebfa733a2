// Replays of sessions recorded by `mcpscope call` (tools/list, then tools/call, back to back) against well-behaved
// servers show no difference: a slice of scripts/replay-check.mjs, which runs ten replays of each.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/relay-process.js';
import { runScript } from '../helpers/run-cli.js';

describe('replaying a call against the server it was recorded from', () => {
  it('is clean, replay after replay, for server-everything, the demo server and a tools-only server', async () => {
    const run = await runScript(join(ROOT, 'scripts', 'replay-check.mjs'), ['--via', 'call', '--runs', '2', '--json']);
    const results = JSON.parse(run.stdout) as Array<{ server: string; clean: number; differences: Array<{ text: string }> }>;
    expect(results.map((r) => [r.server, r.clean, r.differences.map((d) => d.text)])).toEqual([
      ['everything', 2, []],
      ['demo', 2, []],
      ['tools-only', 2, []],
    ]);
    expect(run.code).toBe(0);
  }, 240_000);
});
