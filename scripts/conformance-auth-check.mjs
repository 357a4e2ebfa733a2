#!/usr/bin/env node
// Runs the conformance suite's auth/* client scenarios against `mcpscope call` N times and prints pass/fail counts.
//   node scripts/conformance-auth-check.mjs [N=1] [scenario…]     (needs a build: npm run build)
// The suite needs Node 22: scripts/node22-tools.sh installs it (and the suite) in a cache folder.
import { execFileSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Released protocol versions (16 in suite 0.1.16), then the draft and extension ones. */
export const RELEASED_AUTH_SCENARIOS = [
  'auth/metadata-default', 'auth/metadata-var1', 'auth/metadata-var2', 'auth/metadata-var3', 'auth/basic-cimd',
  'auth/scope-from-www-authenticate', 'auth/scope-from-scopes-supported', 'auth/scope-omitted-when-undefined',
  'auth/scope-step-up', 'auth/scope-retry-limit', 'auth/token-endpoint-auth-basic', 'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none', 'auth/pre-registration', 'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
];
export const DRAFT_AUTH_SCENARIOS = ['auth/resource-mismatch', 'auth/offline-access-scope', 'auth/offline-access-not-supported', 'auth/client-credentials-jwt', 'auth/client-credentials-basic'];

/** Runs one scenario; resolves with whether the suite said it passed, and its output. */
export function runScenario(toolsDir, scenario) {
  const suite = join(toolsDir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  const command = `${process.execPath} ${join(here, 'conformance-auth-client.mjs')}`;
  return new Promise((resolve) => {
    const child = spawn(join(toolsDir, 'node'), [suite, 'client', '--command', command, '--scenario', scenario], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MCPSCOPE_NODE: process.execPath } });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (code) => resolve({ passed: code === 0 && /OVERALL: PASSED/.test(out), out }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const n = Number(process.argv[2] ?? 1);
  const chosen = process.argv.slice(3);
  const scenarios = chosen.length ? chosen : [...RELEASED_AUTH_SCENARIOS, ...DRAFT_AUTH_SCENARIOS];
  const tools = execFileSync(join(here, 'node22-tools.sh'), { encoding: 'utf8' }).trim();
  let pass = 0;
  let fail = 0;
  for (const scenario of scenarios) {
    let ok = 0;
    for (let i = 0; i < n; i++) {
      const r = await runScenario(tools, scenario);
      if (r.passed) ok++;
      else if (process.env.VERBOSE) process.stderr.write(`--- ${scenario} run ${i + 1} failed:\n${r.out}\n`);
    }
    pass += ok;
    fail += n - ok;
    console.log(`${ok === n ? 'pass' : 'FAIL'}  ${scenario}  ${ok}/${n}`);
  }
  console.log(`${pass} passed, ${fail} failed`);
  process.exitCode = fail === 0 ? 0 : 1;
}
