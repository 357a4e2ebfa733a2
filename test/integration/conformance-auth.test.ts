// A slice of the official conformance suite's auth/* client scenarios, with `mcpscope call` as the client under
// test (node scripts/conformance-client.mjs --suite auth runs all of them, N times).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, typed by use
import { runScenario } from '../../scripts/conformance-client.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
let tools = '';

beforeAll(() => {
  tools = execFileSync(join(ROOT, 'scripts', 'node22-tools.sh'), { encoding: 'utf8' }).trim();
}, 600_000);

const slice = [
  'auth/metadata-var3',
  'auth/scope-step-up',
  'auth/token-endpoint-auth-basic',
  'auth/pre-registration',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/resource-mismatch',
  'auth/client-credentials-basic',
  'auth/client-credentials-jwt',
];

// Each scenario is its own suite process on ports of its own, mostly waiting on the client: they run side by side.
describe.concurrent('the conformance suite with mcpscope call as the OAuth client', () => {
  for (const scenario of slice) {
    it(`passes ${scenario}`, async () => {
      const r = (await runScenario(tools, scenario)) as { passed: boolean; out: string };
      expect(r.passed, r.out.slice(-3000)).toBe(true);
    }, 120_000);
  }
});
