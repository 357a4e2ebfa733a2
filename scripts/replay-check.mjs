#!/usr/bin/env node
// Records a session against a well-behaved server, by `mcpscope call --bundle` or in the inspector in headless Chromium,
// then replays it N times against the same server and counts the clean replays (no difference at all). Needs the built
// CLI and UI (npm run build) and /usr/bin/chromium for the UI recordings.
//   node scripts/replay-check.mjs [--runs N] [--server everything|demo|tools-only]... [--via call|ui]... [--json]
// Exit 0 when every replay was clean, 1 otherwise, 2 on a usage error.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchOptions } from './chromium-flags.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin', 'mcpscope.js');

/** Each server, and the tool call a session makes on it (`args` are typed into the UI's form fields by name). */
const SERVERS = {
  everything: {
    command: [process.execPath, join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
    tool: 'echo',
    args: { message: 'hi' },
  },
  demo: { command: [process.execPath, join(ROOT, 'dist/bundle/demo-server.js')], tool: 'echo', args: { text: 'hi' } },
  'tools-only': { command: [process.execPath, join(ROOT, 'test/fixtures/tools-only-server.mjs')], tool: 'add', args: { a: 2, b: 3 } },
};
const VIAS = ['call', 'ui'];

function run(args, env = {}) {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (c) => (stdout += c));
    p.stderr.on('data', (c) => (stderr += c));
    p.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `mcpscope` on a free port with its own data dir; resolves with its base URL, token and API. */
async function startRelay(command) {
  const token = `replay-check-${Math.random().toString(36).slice(2)}-token`;
  const argv = [BIN, '--port', '0', '--no-open', '--data-dir', mkdtempSync(join(tmpdir(), 'mcpscope-replay-check-')), '--', ...command];
  const proc = spawn(process.execPath, argv, { cwd: ROOT, env: { ...process.env, MCPSCOPE_TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stderr.on('data', (c) => (out += c));
  const url = await new Promise((resolve, reject) => {
    proc.stdout.on('data', (c) => {
      out += c;
      const m = /ready: (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    proc.on('exit', () => reject(new Error(`the relay exited:\n${out}`)));
  });
  const base = new URL(url).origin;
  const api = async (path, init = {}) => {
    const res = await fetch(base + path, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    return res.json();
  };
  return { url, api, stop: () => new Promise((r) => (proc.exitCode !== null ? r() : (proc.once('exit', r), proc.kill('SIGTERM')))) };
}

/** Records in the inspector: connect, open the Tools tab, fill the tool's form, call it; returns the stopped session. */
async function recordInUi(relay, server) {
  const require = createRequire(join(ROOT, 'package.json'));
  const { chromium } = require('playwright-core');
  // A running Chromium when one is given (the e2e project's, test/setup/chromium-server.ts): a launch and close of
  // one costs ~4 s of CPU on two busy cores. Its page is a browser context of its own, closed with the connection.
  const endpoint = process.env.MCPSCOPE_CHROMIUM_ENDPOINT;
  const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch(launchOptions());
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(relay.url);
    await page.locator('[data-testid="log-row"][data-dir="out"][data-method="notifications/initialized"]').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('tab-tools').click();
    await page.locator(`[data-testid="tool-item"][data-name="${server.tool}"]`).click();
    await page.locator(`[data-testid="tool-detail"][data-name="${server.tool}"]`).waitFor();
    for (const [name, value] of Object.entries(server.args)) await page.locator(`#args_${name}`).fill(String(value));
    await page.getByTestId('tool-call').click();
    await page.getByTestId('tool-result').first().waitFor({ timeout: 15_000 });
  } finally {
    await browser.close();
  }
  const { launchSessionId } = await relay.api('/api/config');
  await relay.api(`/api/sessions/${launchSessionId}/stop`, { method: 'POST' });
  return launchSessionId;
}

/** One server and one way of recording: N replays, each clean or with the differences it showed. */
async function check(name, via, runs) {
  const server = SERVERS[name];
  const result = { server: name, via, runs, clean: 0, differences: [] };
  if (via === 'call') {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-replay-check-')), `${name}.bundle.json`);
    const rec = await run([
      'call',
      '--method',
      'tools/call',
      '--params',
      JSON.stringify({ name: server.tool, arguments: server.args }),
      '--bundle',
      file,
      '--',
      ...server.command,
    ]);
    if (rec.code !== 0) throw new Error(`mcpscope call against ${name} exited ${rec.code}:\n${rec.stderr}`);
    for (let i = 1; i <= runs; i++) {
      // --yes: the recipe is the one this script just ran, not one that came in a file from elsewhere.
      const r = await run(['replay', file, '--yes']);
      if (r.code === 0) result.clean++;
      else result.differences.push({ run: i, text: r.stdout + r.stderr });
    }
    return result;
  }
  const relay = await startRelay(server.command);
  try {
    const sid = await recordInUi(relay, server);
    for (let i = 1; i <= runs; i++) {
      const r = await relay.api(`/api/sessions/${sid}/replay`, { method: 'POST', body: '{}' });
      if (r.diff?.identical) result.clean++;
      else result.differences.push({ run: i, text: r.text ?? JSON.stringify(r) });
    }
  } finally {
    await relay.stop();
  }
  return result;
}

async function main() {
  let a;
  try {
    a = parseArgs({
      options: {
        runs: { type: 'string', default: '10' },
        server: { type: 'string', multiple: true },
        via: { type: 'string', multiple: true },
        json: { type: 'boolean', default: false },
      },
    }).values;
  } catch (err) {
    console.error(`replay-check: ${err.message}`);
    return 2;
  }
  const runs = Number(a.runs);
  const servers = a.server ?? Object.keys(SERVERS);
  const vias = a.via ?? VIAS;
  if (!Number.isInteger(runs) || runs < 1 || servers.some((s) => !(s in SERVERS)) || vias.some((v) => !VIAS.includes(v))) {
    console.error(`replay-check: --runs takes a whole number ≥ 1, --server one of ${Object.keys(SERVERS).join(', ')}, --via one of ${VIAS.join(', ')}`);
    return 2;
  }
  const results = [];
  for (const via of vias) {
    // The servers are checked side by side (each records and replays on its own processes and data dir), printed in order.
    for (const r of await Promise.all(servers.map((name) => check(name, via, runs)))) {
      results.push(r);
      if (!a.json) {
        console.log(`${`${r.server} (recorded by ${via})`.padEnd(32)} ${r.clean}/${runs} replays clean`);
        for (const d of r.differences) console.log(`  replay ${d.run}:\n${d.text.replace(/^/gm, '    ')}`);
      }
    }
  }
  if (a.json) console.log(JSON.stringify(results, null, 2));
  return results.every((r) => r.clean === r.runs) ? 0 : 1;
}

process.exitCode = await main();
