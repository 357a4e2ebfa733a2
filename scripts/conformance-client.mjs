#!/usr/bin/env node
// Runs the official MCP conformance suite's client scenarios with `mcpscope call` as the client under test, each
// scenario N times, and prints pass/fail counts (and why a run failed). Needs the built CLI (npm run build) and Node 22
// for the suite, which scripts/node22-tools.sh installs into a cache folder.
//   node scripts/conformance-client.mjs [--alpha] [--spec-version <v>] [--runs N] [--suite core|auth|auth-draft|auth-2026|client-2026|all]...
//                                       [--scenario <name>]... [--json]
// --alpha runs the suite's newest alpha (pinned in node22-tools.sh) instead of its newest release. Exit 0 when every
// run passed, 1 otherwise, 2 on a usage error. (With --client <url> it is the launcher the suite runs for every
// scenario: it adds the flags of MCP_CONFORMANCE_CONTEXT and the version of MCP_CONFORMANCE_PROTOCOL_VERSION.)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'mcpscope.js');
const SELF = fileURLToPath(import.meta.url);

/** The suite's fixed Client ID Metadata Document URL (its mock accepts it without fetching it). */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';
/** Folders the launcher made for one run (a private key file), removed when `mcpscope call` exits. */
const scratch = [];

/** The scenario's private key as a 0600 file, since `mcpscope call` takes a key by path (--client-key). */
function keyFile(pem) {
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-conformance-'));
  scratch.push(dir);
  const file = join(dir, 'client-key.pem');
  writeFileSync(file, pem, { mode: 0o600 });
  return file;
}

/** A scenario's sequence of calls (and answers to the server's requests) as a collection file for `mcpscope run`. */
function collectionFile(scenario, steps, answers) {
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-conformance-'));
  scratch.push(dir);
  const file = join(dir, 'scenario.collection.json');
  const named = steps.map((st, i) => ({ name: st.name ?? `s${i + 1}`, assert: [], ...st }));
  writeFileSync(file, JSON.stringify({ version: 1, name: scenario.replaceAll('/', '-'), ...(answers ? { answers } : {}), steps: named }));
  return file;
}

/** The client credentials grant (no person, so none of AUTH's authorization-code options), then the same tool call. */
const CREDENTIALS = [
  '--auth',
  'oauth',
  '--grant',
  'client-credentials',
  '--no-token-cache',
  '--method',
  'tools/call',
  '--params',
  '{"name":"test-tool","arguments":{}}',
];

/** Every auth scenario: a tool call (after tools/list) with OAuth that approves without a person and keeps no tokens. */
const AUTH = ['--auth', 'oauth', '--oauth-open', 'fetch', '--no-token-cache', '--method', 'tools/call', '--params', '{"name":"test-tool","arguments":{}}'];

/**
 * Scenario → the `mcpscope call` flags that make it the client the scenario expects; the suite appends the mock
 * server's URL, which follows `--url`. `flags` as a function reads the scenario's MCP_CONFORMANCE_CONTEXT (credentials
 * the suite makes up per run), so the suite runs this script's launcher, which starts `mcpscope call` with them.
 * The one table of every scenario: add one here and nowhere else.
 */
export const SCENARIOS = {
  // The handshake is what is judged; ping is the smallest request that needs one.
  initialize: { suite: 'core', flags: ['--method', 'ping'] },
  tools_call: { suite: 'core', flags: ['--method', 'tools/call', '--params', '{"name":"add_numbers","arguments":{"a":2,"b":3}}'] },
  // The mock closes the tool call's SSE stream after a priming event with `retry: 500`; the answer comes on the GET
  // that resumes it with Last-Event-ID.
  'sse-retry': { suite: 'core', flags: ['--method', 'tools/call', '--params', '{"name":"test_reconnection","arguments":{}}'] },
  // The mock's tool asks for five fields, each with a default, and expects all five back: the answers file accepts
  // with no values of its own, so every one comes from the requested schema (SEP-1034).
  'elicitation-sep1034-client-defaults': {
    suite: 'core',
    flags: [
      '--method',
      'tools/call',
      '--params',
      '{"name":"test_client_elicitation_defaults","arguments":{}}',
      '--answers',
      join(ROOT, 'scripts', 'conformance-answers.json'),
    ],
  },
  'auth/metadata-default': { suite: 'auth', flags: AUTH },
  'auth/metadata-var1': { suite: 'auth', flags: AUTH },
  'auth/metadata-var2': { suite: 'auth', flags: AUTH },
  'auth/metadata-var3': { suite: 'auth', flags: AUTH },
  'auth/basic-cimd': { suite: 'auth', flags: [...AUTH, '--client-metadata-url', CIMD_URL] },
  'auth/scope-from-www-authenticate': { suite: 'auth', flags: AUTH },
  'auth/scope-from-scopes-supported': { suite: 'auth', flags: AUTH },
  'auth/scope-omitted-when-undefined': { suite: 'auth', flags: AUTH },
  'auth/scope-step-up': { suite: 'auth', flags: AUTH },
  'auth/scope-retry-limit': { suite: 'auth', flags: AUTH },
  'auth/token-endpoint-auth-basic': { suite: 'auth', flags: AUTH },
  'auth/token-endpoint-auth-post': { suite: 'auth', flags: AUTH },
  'auth/token-endpoint-auth-none': { suite: 'auth', flags: AUTH },
  'auth/pre-registration': { suite: 'auth', flags: (ctx) => [...AUTH, '--client-id', ctx.client_id, '--client-secret', ctx.client_secret] },
  'auth/2025-03-26-oauth-metadata-backcompat': { suite: 'auth', flags: AUTH },
  'auth/2025-03-26-oauth-endpoint-fallback': { suite: 'auth', flags: AUTH },
  // The 2026-07-28 authorization MUSTs (the alpha only; its mock servers speak 2026-07-28, so the launcher passes
  // --protocol 2026-07-28): application_type in registration (SEP-837), iss (RFC 9207, SEP-2468), the metadata issuer
  // (RFC 8414 §3.3), re-registration when authorization_servers change (SEP-2352).
  'auth/iss-supported': { suite: 'auth-2026', alpha: true, flags: AUTH },
  'auth/iss-not-advertised': { suite: 'auth-2026', alpha: true, flags: AUTH },
  'auth/iss-supported-missing': { suite: 'auth-2026', alpha: true, flags: AUTH },
  'auth/iss-wrong-issuer': { suite: 'auth-2026', alpha: true, flags: AUTH },
  'auth/iss-unexpected': { suite: 'auth-2026', alpha: true, flags: AUTH },
  'auth/iss-normalized': { suite: 'auth-2026', alpha: true, flags: AUTH },
  'auth/metadata-issuer-mismatch': { suite: 'auth-2026', alpha: true, flags: AUTH },
  'auth/authorization-server-migration': { suite: 'auth-2026', alpha: true, flags: AUTH },
  // Draft and extension scenarios; the last two are the client credentials grant (SEP-1046), with made-up credentials.
  'auth/resource-mismatch': { suite: 'auth-draft', flags: AUTH },
  'auth/offline-access-scope': { suite: 'auth-draft', flags: [...AUTH, '--client-metadata-url', CIMD_URL] },
  'auth/offline-access-not-supported': { suite: 'auth-draft', flags: AUTH },
  'auth/client-credentials-jwt': {
    suite: 'auth-draft',
    flags: (ctx) => [...CREDENTIALS, '--client-id', ctx.client_id, '--client-key', keyFile(ctx.private_key_pem), '--signing-alg', ctx.signing_algorithm],
  },
  'auth/client-credentials-basic': {
    suite: 'auth-draft',
    flags: (ctx) => [...CREDENTIALS, '--client-id', ctx.client_id, '--client-secret', ctx.client_secret],
  },
  // The alpha's other client scenarios (2026-07-28 unless noted). Those that need more than one call are a collection
  // (`steps`), which the launcher writes to a scratch file and runs with `mcpscope run`: the house's way to script a
  // sequence of calls on one connection.
  'request-metadata': { suite: 'client-2026', alpha: true, flags: ['--method', 'tools/list'] },
  'http-standard-headers': {
    suite: 'client-2026',
    alpha: true,
    steps: () => [
      { method: 'tools/list' },
      { method: 'tools/call', params: { name: 'test_tool', arguments: {} } },
      { method: 'resources/list' },
      { method: 'resources/read', params: { uri: 'test://resource' } },
      { method: 'prompts/list' },
      { method: 'prompts/get', params: { name: 'test_prompt' } },
    ],
  },
  // The context names the tool calls to make; each x-mcp-header argument goes out as an Mcp-Param header too.
  'http-custom-headers': {
    suite: 'client-2026',
    alpha: true,
    steps: (ctx) => [{ method: 'tools/list' }, ...(ctx.toolCalls ?? []).map((c) => ({ method: 'tools/call', params: c }))],
  },
  'http-invalid-tool-headers': { suite: 'client-2026', alpha: true, flags: ['--method', 'tools/call', '--params', '{"name":"valid_tool","arguments":{}}'] },
  // Multi-round-trip requests (SEP-2322): two tools answer input_required (one with requestState, one without), the
  // client answers the elicitation and retries under a new id; an unrelated call between them carries neither; a result
  // without resultType is complete.
  'sep-2322-client-request-state': {
    suite: 'client-2026',
    alpha: true,
    answers: { elicitation: { action: 'accept', content: { confirmed: true } } },
    steps: () =>
      ['test_mrtr_echo_state', 'test_mrtr_unrelated', 'test_mrtr_no_state', 'test_mrtr_no_result_type'].map((name) => ({
        method: 'tools/call',
        params: { name, arguments: {} },
      })),
  },
  'json-schema-ref-no-deref': { suite: 'client-2026', alpha: true, flags: ['--method', 'tools/list'] },
  'json-schema-2020-12-preservation': {
    suite: 'client-2026',
    alpha: true,
    steps: () => [
      { name: 'list', method: 'tools/list' },
      { method: 'tools/call', params: { name: 'json_schema_echo', arguments: { schema: '${steps.list.result/tools/0/inputSchema}' } } },
    ],
  },
};

/**
 * Extensions of the alpha that mcpscope does not claim, and why (docs/conformance.md lists them too).
 * Asking for one is a usage error that says so, not a failed run.
 */
export const NOT_CLAIMED = {
  'auth/enterprise-managed-authorization':
    'SEP-990 extension: an identity provider token exchanged for an ID-JAG (RFC 8693) and then a JWT bearer grant; mcpscope has no enterprise IdP configuration',
  'auth/dpop':
    'SEP-1932 / RFC 9449 extension: sender-constrained (DPoP) tokens need a proof key and a signed proof per request; mcpscope sends Bearer tokens only',
  'auth/dpop-nonce': 'the same DPoP extension, with server-provided nonces',
  'auth/wif-jwt-bearer': 'SEP-1933 extension: workload identity federation (a platform-issued JWT as the grant); mcpscope has no workload identity source',
  'sep-2640-client-no-prefetch':
    'SEP-2640 skills extension (io.modelcontextprotocol/skills): an agent host loading skills (skills/list, then skill files on demand); mcpscope is an inspector and loads no skills',
  'sep-2640-client-verify-digest': 'the same skills extension: verifying a skill file against its listed digest before use',
  'sep-2640-client-verify-size': 'the same skills extension: verifying a skill file against its listed size before use',
  'sep-2640-client-verify-frontmatter': "the same skills extension: checking a skill file's frontmatter against its listing",
};

const USAGE = `usage: node scripts/conformance-client.mjs [--alpha] [--spec-version <v>] [--runs N] [--suite <s>]... [--scenario <name>]... [--json]

Runs the official MCP conformance suite's client scenarios with mcpscope as the client (docs/conformance.md).
  --runs <n>            runs of each scenario (default 10), one at a time
  --suite <s>           core (default), auth, auth-draft, auth-2026 (--alpha), client-2026 (--alpha) or all; repeatable
  --scenario <name>     one scenario; repeatable, adds to --suite
  --alpha               the suite's newest alpha instead of its newest release
  --spec-version <v>    run each scenario at that protocol version (the alpha skips those that do not exist at it)
  --json                print [{scenario, runs, passed, failures, skipped?}] instead of a line per scenario
Not claimed (a usage error): ${Object.keys(NOT_CLAIMED).join(', ')}`;

/** One word for the shell the suite runs the command through (it splits on spaces and joins with spaces). */
function shellWord(s) {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`;
}

/** The command the suite runs for a scenario; it appends the mock server's URL. */
export function clientCommand() {
  // Always the launcher: it reads the scenario's context and the version the suite runs it at (the alpha sets
  // MCP_CONFORMANCE_PROTOCOL_VERSION; 2026-07-28 mocks answer nothing but 2026-07-28 requests).
  return [process.execPath, SELF, '--client'].map(shellWord).join(' ');
}

/** The folder of Node 22 and the suite: its newest release, or with `alpha` its newest alpha. */
export function toolsDir(alpha = false) {
  const r = spawnSync('bash', [join(ROOT, 'scripts', 'node22-tools.sh'), ...(alpha ? ['--alpha'] : [])], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) throw new Error('scripts/node22-tools.sh failed');
  return r.stdout.trim();
}

/**
 * The suite's wait for the client to finish a scenario. Its default, 30 s, is a loaded machine's time for one OAuth
 * flow of `mcpscope call` (a Node start, discovery, registration, the token, the MCP exchange) while eight scenarios
 * run side by side: two failed so as "CLIENT TIMED OUT" with every check passed (load 20). It bounds a hung client only.
 */
const CLIENT_TIMEOUT_MS = 90_000;

/**
 * One run of one scenario: passed, and when not, the suite's own lines saying why (and its whole output).
 * `specVersion` runs it at that protocol version (the alpha's --spec-version); unset, at the scenario's own.
 */
export function runScenario(dir, scenario, specVersion) {
  const suite = join(dir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  return new Promise((resolve) => {
    const args = [suite, 'client', '--command', clientCommand(), '--scenario', scenario, '--timeout', String(CLIENT_TIMEOUT_MS)];
    if (specVersion) args.push('--spec-version', specVersion);
    const p = spawn(join(dir, 'node'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (c) => (out += c));
    p.stderr.on('data', (c) => (out += c));
    p.on('close', (code) => {
      // The alpha skips a scenario that does not exist at the asked --spec-version: not a pass, not a failure.
      const skipped = /^SKIPPED: scenario .*$/m.exec(out)?.[0];
      if (skipped) return resolve({ passed: false, skipped: true, why: [skipped], out });
      const passed = code === 0 && out.includes('OVERALL: PASSED');
      const why = passed ? [] : out.split('\n').filter((l) => /FAILURE|WARNING|Error:|Warning:|CLIENT (TIMED OUT|EXITED)|^mcpscope call:/.test(l));
      resolve({ passed, why: why.map((l) => l.trim()).slice(0, 12), out });
    });
  });
}

/** The launcher: `mcpscope call` with the flags the scenario's context gives, against the URL the suite appended. */
function launch(url) {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const entry = SCENARIOS[scenario];
  if (!entry) {
    console.error(`conformance-client: no flags for scenario "${scenario}"`);
    return Promise.resolve(2);
  }
  const ctx = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {};
  const version = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION;
  const protocol = version ? ['--protocol', version] : [];
  const command = entry.steps
    ? ['run', collectionFile(scenario, entry.steps(ctx), entry.answers)]
    : ['call', ...(typeof entry.flags === 'function' ? entry.flags(ctx) : entry.flags)];
  const child = spawn(process.execPath, [BIN, ...command, ...protocol, '--url', url], { stdio: 'inherit' });
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
}

async function main() {
  let a;
  try {
    a = parseArgs({
      allowPositionals: true,
      options: {
        runs: { type: 'string', default: '10' },
        suite: { type: 'string', multiple: true },
        scenario: { type: 'string', multiple: true },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        client: { type: 'boolean', default: false },
        alpha: { type: 'boolean', default: false },
        'spec-version': { type: 'string' },
      },
    });
  } catch (err) {
    console.error(`conformance-client: ${err.message}`);
    return 2;
  }
  if (a.values.client) return launch(a.positionals.at(-1));
  if (a.values.help) {
    console.log(USAGE);
    return 0;
  }
  const { values: v } = a;
  const runs = Number(v.runs);
  const suites = new Set(v.suite ?? (v.scenario ? [] : ['core']));
  // The release has none of the alpha's scenarios: a suite picks them only with --alpha.
  const picked = Object.keys(SCENARIOS).filter((s) => (suites.has('all') || suites.has(SCENARIOS[s].suite)) && (v.alpha || !SCENARIOS[s].alpha));
  const scenarios = [...new Set([...picked, ...(v.scenario ?? [])])];
  const unclaimed = scenarios.find((s) => s in NOT_CLAIMED);
  if (unclaimed) {
    console.error(`conformance-client: mcpscope does not claim ${unclaimed}: ${NOT_CLAIMED[unclaimed]}`);
    return 2;
  }
  const unknown = scenarios.find((s) => !(s in SCENARIOS));
  const alphaOnly = v.alpha ? undefined : scenarios.find((s) => SCENARIOS[s]?.alpha);
  if (!Number.isInteger(runs) || runs < 1 || unknown !== undefined || alphaOnly !== undefined || scenarios.length === 0) {
    console.error(
      alphaOnly
        ? `conformance-client: ${alphaOnly} is a scenario of the suite's alpha only: add --alpha`
        : `conformance-client: --runs takes a whole number ≥ 1, --suite core, auth, auth-draft, auth-2026, client-2026 or all, --scenario one of ${Object.keys(SCENARIOS).join(', ')}`,
    );
    return 2;
  }
  const dir = toolsDir(v.alpha);
  const results = [];
  // One run at a time: sse-retry measures the client's reconnect delay, which a crowded machine would skew.
  for (const scenario of scenarios) {
    const r = { scenario, runs, passed: 0, failures: [] };
    for (let i = 1; i <= runs; i++) {
      const one = await runScenario(dir, scenario, v['spec-version']);
      if (one.skipped) {
        r.skipped = one.why[0];
        break;
      }
      if (one.passed) r.passed++;
      else r.failures.push({ run: i, why: one.why });
    }
    results.push(r);
    if (!v.json && r.skipped) console.log(`${scenario.padEnd(42)} skipped (not at --spec-version ${v['spec-version']})`);
    else if (!v.json) {
      console.log(`${scenario.padEnd(42)} ${r.passed}/${runs} passed`);
      for (const f of r.failures) console.log(`  run ${f.run} failed:\n    ${f.why.join('\n    ')}`);
    }
  }
  if (v.json) console.log(JSON.stringify(results, null, 2));
  return results.every((r) => r.skipped || r.passed === r.runs) ? 0 : 1;
}

if (process.argv[1] === SELF) process.exitCode = await main();
