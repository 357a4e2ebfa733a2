// Two of the conformance alpha's non-authorization 2026-07-28 client scenarios, with mcpscope as the client under test
// (node scripts/conformance-client.mjs --alpha --suite client-2026 runs all seven): request-metadata reaches the retry
// after -32022, sep-2322-client-request-state the multi-call collection launcher and the MRTR retry.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, typed by use
import { runScenario } from '../../scripts/conformance-client.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
let tools = '';

beforeAll(() => {
  tools = execFileSync(join(ROOT, 'scripts', 'node22-tools.sh'), ['--alpha'], { encoding: 'utf8' }).trim();
}, 600_000);

// request-metadata: the mock refuses the first request with -32022 while listing the very version it refused; a client
// that retries once with it passes (SEP-2575's SHOULD). sep-2322: four tool calls, two answering input_required.
const slice = ['request-metadata', 'sep-2322-client-request-state'];

// Each scenario is its own suite process on ports of its own, mostly waiting on the client: they run side by side.
describe.concurrent('the conformance alpha with mcpscope as the 2026-07-28 client', () => {
  for (const scenario of slice) {
    it(`passes ${scenario}`, async () => {
      const r = (await runScenario(tools, scenario)) as { passed: boolean; out: string };
      expect(r.passed, r.out.slice(-3000)).toBe(true);
    }, 120_000);
  }
});
