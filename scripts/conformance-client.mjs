#!/usr/bin/env node
// Runs the official MCP conformance suite's client scenarios with `mcpscope call` as the client under test, each
// scenario N times, and prints pass/fail counts (and why a run failed). Needs the built CLI (npm run build) and Node 22
// for the suite, which scripts/node22-tools.sh installs into a cache folder.
//   node scripts/conformance-client.mjs [--runs N] [--scenario <name>]... [--json]
// Exit 0 when every run passed, 1 otherwise, 2 on a usage error.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin', 'mcpscope.js');

/**
 * Scenario → the fixed `mcpscope call` flags that make it the client the scenario expects. The suite appends the mock
 * server's URL as the last argument, so every entry ends with --url. One table: add a scenario here and nowhere else.
 */
export const SCENARIO_FLAGS = {
  // The handshake is what is judged; ping is the smallest request that needs one.
  initialize: ['--method', 'ping', '--url'],
  // tools/call of the mock's add_numbers tool (call lists the tools first for their schemas).
  tools_call: ['--method', 'tools/call', '--params', '{"name":"add_numbers","arguments":{"a":2,"b":3}}', '--url'],
  // The mock closes the tool call's SSE stream after a priming event with `retry: 500`; the answer comes on the
  // GET that resumes it with Last-Event-ID.
  'sse-retry': ['--method', 'tools/call', '--params', '{"name":"test_reconnection","arguments":{}}', '--url'],
};

/** One word for the shell the suite runs the command through (it splits on spaces and joins with spaces). */
function shellWord(s) {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`;
}

export function clientCommand(scenario) {
  return [process.execPath, BIN, 'call', ...SCENARIO_FLAGS[scenario]].map(shellWord).join(' ');
}

function toolsDir() {
  const r = spawnSync('bash', [join(ROOT, 'scripts', 'node22-tools.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error('scripts/node22-tools.sh failed');
  return r.stdout.trim();
}

/** One run of one scenario: passed, and when not, the suite's own lines saying why. */
function runScenario(dir, scenario) {
  const suite = join(dir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  return new Promise((resolve) => {
    const p = spawn(join(dir, 'node'), [suite, 'client', '--command', clientCommand(scenario), '--scenario', scenario], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (c) => (out += c));
    p.stderr.on('data', (c) => (out += c));
    p.on('close', (code) => {
      const passed = code === 0 && out.includes('OVERALL: PASSED');
      const why = out.split('\n').filter((l) => /FAILURE|WARNING|Error:|Warning:|CLIENT (TIMED OUT|EXITED)|^mcpscope call:/.test(l));
      resolve({ passed, why: passed ? [] : why.map((l) => l.trim()).slice(0, 12) });
    });
  });
}

async function main() {
  let args;
  try {
    args = parseArgs({ options: { runs: { type: 'string', default: '10' }, scenario: { type: 'string', multiple: true }, json: { type: 'boolean', default: false } } }).values;
  } catch (err) {
    console.error(`conformance-client: ${err.message}`);
    return 2;
  }
  const runs = Number(args.runs);
  const scenarios = args.scenario ?? Object.keys(SCENARIO_FLAGS);
  const unknown = scenarios.find((s) => !(s in SCENARIO_FLAGS));
  if (!Number.isInteger(runs) || runs < 1 || unknown !== undefined) {
    console.error(`conformance-client: --runs takes a whole number ≥ 1; --scenario one of ${Object.keys(SCENARIO_FLAGS).join(', ')}`);
    return 2;
  }
  const dir = toolsDir();
  const results = [];
  // One run at a time: sse-retry measures the client's reconnect delay, which a crowded machine would skew.
  for (const scenario of scenarios) {
    const r = { scenario, runs, passed: 0, failures: [] };
    for (let i = 1; i <= runs; i++) {
      const one = await runScenario(dir, scenario);
      if (one.passed) r.passed++;
      else r.failures.push({ run: i, why: one.why });
    }
    results.push(r);
    if (!args.json) {
      console.log(`${scenario.padEnd(12)} ${r.passed}/${runs} passed   (mcpscope call ${SCENARIO_FLAGS[scenario].join(' ')} <url>)`);
      for (const f of r.failures) console.log(`  run ${f.run} failed:\n    ${f.why.join('\n    ')}`);
    }
  }
  if (args.json) console.log(JSON.stringify(results, null, 2));
  return results.every((r) => r.passed === r.runs) ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
