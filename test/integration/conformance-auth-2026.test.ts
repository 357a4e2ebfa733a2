// The 2026-07-28 authorization scenarios of the conformance suite's newest alpha, with `mcpscope call` as the client
// under test (node scripts/conformance-client.mjs --alpha --suite auth-2026 runs all eight, N times): the four that
// reach the new code paths. Every one of them registers dynamically, so each also checks application_type (SEP-837).
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

const slice = ['auth/iss-supported-missing', 'auth/iss-normalized', 'auth/metadata-issuer-mismatch', 'auth/authorization-server-migration'];

// Each scenario is its own suite process on ports of its own, mostly waiting on the client: they run side by side.
describe.concurrent('the conformance alpha with mcpscope call as the 2026-07-28 OAuth client', () => {
  for (const scenario of slice) {
    it(`passes ${scenario}`, async () => {
      const r = (await runScenario(tools, scenario)) as { passed: boolean; out: string };
      expect(r.passed, r.out.slice(-3000)).toBe(true);
    }, 120_000);
  }
});
