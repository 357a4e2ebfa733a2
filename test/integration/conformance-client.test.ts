// The official conformance suite's client scenarios with `mcpscope call` as the client under test: one run of each
// (scripts/conformance-client.mjs --runs 10 is the full check). Node 22 and the suite come from scripts/node22-tools.sh,
// which installs them into a cache folder on a fresh machine.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/relay-process.js';
import { runScript } from '../helpers/run-cli.js';

interface ScenarioResult {
  scenario: string;
  runs: number;
  passed: number;
  failures: Array<{ run: number; why: string[] }>;
}

beforeAll(() => {
  // The first run on a machine downloads Node 22 and the suite; later ones find them in the cache.
  const r = spawnSync('bash', [join(ROOT, 'scripts', 'node22-tools.sh')], { encoding: 'utf8', timeout: 600_000 });
  expect(r.status, r.stderr).toBe(0);
}, 600_000);

const runCheck = (args: string[]) => runScript(join(ROOT, 'scripts', 'conformance-client.mjs'), args);

describe('the conformance suite with mcpscope call as the client', () => {
  it('passes the initialize, tools_call, sse-retry and elicitation-sep1034-client-defaults scenarios', async () => {
    const run = await runCheck(['--runs', '1', '--json']);
    const results = JSON.parse(run.stdout) as ScenarioResult[];
    expect(results.map((r) => [r.scenario, r.passed, r.failures])).toEqual([
      ['initialize', 1, []],
      ['tools_call', 1, []],
      ['sse-retry', 1, []],
      // `call --answers` accepts with no values of its own: the five defaults come from the requested schema.
      ['elicitation-sep1034-client-defaults', 1, []],
    ]);
    expect(run.code).toBe(0);
  }, 180_000);

  it('says which scenarios it knows when asked for another', async () => {
    const run = await runCheck(['--scenario', 'auth/no-such-scenario']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--scenario one of initialize, tools_call, sse-retry, elicitation-sep1034-client-defaults, auth\/metadata-default/);
  }, 30_000);
});
