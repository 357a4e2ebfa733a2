#!/usr/bin/env node
// Runs the official conformance suite's server scenarios and `mcpscope check` against the suite's reference
// everything-server, and prints, for each check the two have in common, both verdicts and whether they agree.
// The reference server lives in the suite's repository (examples/servers/typescript, MIT); it is never copied into
// this repository: it is put in the tools cache (scripts/node22-tools.sh's folder) with its own dependencies and run
// from there on Node 22.
//   node scripts/check-vs-conformance.mjs [--source <dir>] [--port <n>] [--json]
// --source: a folder holding the suite's examples/servers/typescript at its v<suite version> tag (default: cloned from
// GitHub into the cache). Needs the built CLI (npm run build). Exit 0 when every overlapping check agrees, 1 otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'mcpscope.js');
const REPO = 'https://github.com/modelcontextprotocol/conformance.git';
/** The reference server's tools that need no client capability: the ones a check may call. */
const CALLABLE = [
  'test_simple_text',
  'test_image_content',
  'test_audio_content',
  'test_embedded_resource',
  'test_multiple_content_types',
  'test_tool_with_logging',
  'test_tool_with_progress',
];

/**
 * Official scenario → the mcpscope checks that judge the same thing. Where one scenario covers what several checks
 * split (or the reverse), every pairing is listed; a scenario with no counterpart (sampling, elicitation, which need a
 * client that answers) is left out.
 */
const OVERLAP = [
  ['server-initialize', ['lifecycle/initialize-result', 'lifecycle/version-negotiation']],
  ['ping', ['lifecycle/ping']],
  ['logging-set-level', ['logging/set-level']],
  ['completion-complete', ['completion/complete']],
  ['tools-list', ['tools/list', 'tools/input-schema']],
  ['json-schema-2020-12', ['tools/input-schema']],
  ['tools-call-simple-text', ['tools/call']],
  ['tools-call-image', ['tools/call']],
  ['tools-call-audio', ['tools/call']],
  ['tools-call-embedded-resource', ['tools/call']],
  ['tools-call-mixed-content', ['tools/call']],
  ['tools-call-with-logging', ['tools/call']],
  ['tools-call-with-progress', ['tools/progress']],
  ['resources-list', ['resources/list']],
  ['resources-read-text', ['resources/read']],
  ['resources-templates-read', ['resources/templates']],
  ['resources-subscribe', ['resources/subscribe']],
  ['resources-unsubscribe', ['resources/subscribe']],
  ['prompts-list', ['prompts/list']],
  ['prompts-get-simple', ['prompts/get']],
  ['prompts-get-with-args', ['prompts/get']],
  ['server-sse-multiple-streams', ['http/sse-resumption']],
  ['dns-rebinding-protection', ['http/origin-403']],
];

function tools() {
  const r = spawnSync('bash', [join(ROOT, 'scripts', 'node22-tools.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error('scripts/node22-tools.sh failed');
  return r.stdout.trim().split('\n').at(-1);
}

/** The reference server in the cache, with its dependencies installed; fetched once per suite version. */
function referenceServer(cache, source) {
  const version = JSON.parse(readFileSync(join(cache, 'node_modules', '@modelcontextprotocol', 'conformance', 'package.json'), 'utf8')).version;
  const dir = join(cache, `conformance-everything-server-${version}`);
  if (!existsSync(join(dir, 'everything-server.ts'))) {
    let from = source;
    if (!from) {
      from = mkdtempSync(join(tmpdir(), 'conformance-src-'));
      const clone = spawnSync('git', ['clone', '--quiet', '--depth', '1', '--branch', `v${version}`, REPO, from], { stdio: 'inherit' });
      if (clone.status !== 0) throw new Error(`could not clone ${REPO} at v${version}`);
    }
    mkdirSync(dir, { recursive: true });
    cpSync(join(from, 'examples', 'servers', 'typescript'), dir, { recursive: true, filter: (p) => !p.includes('node_modules') });
  }
  if (!existsSync(join(dir, 'node_modules', '.bin', 'tsx'))) {
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
    if (install.status !== 0) throw new Error(`npm install failed in ${dir}`);
  }
  return { dir, version };
}

function startServer(node, dir, port) {
  const proc = spawn(node, [join(dir, 'node_modules', '.bin', 'tsx'), 'everything-server.ts'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the reference server did not start:\n${out}`)), 60_000);
    const seen = (chunk) => {
      out += chunk;
      if (out.includes('running on')) {
        clearTimeout(timer);
        resolve(proc);
      }
    };
    proc.stdout.on('data', seen);
    proc.stderr.on('data', seen);
    proc.once('exit', (code) => reject(new Error(`the reference server exited (${code}):\n${out}`)));
  });
}

function run(cmd, args) {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (c) => (stdout += c));
    p.stderr.on('data', (c) => (stderr += c));
    p.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The suite's summary lines, `✓ name: N passed, M failed`, as scenario → pass | fail. */
function officialVerdicts(text) {
  const verdicts = new Map();
  for (const m of text.matchAll(/^[✓✗]\s+(\S+): (\d+) passed, (\d+) failed/gmu)) verdicts.set(m[1], Number(m[3]) === 0 ? 'pass' : 'fail');
  return verdicts;
}

const { values } = parseArgs({ options: { source: { type: 'string' }, port: { type: 'string', default: '3917' }, json: { type: 'boolean', default: false } } });
const cache = tools();
const node = join(cache, 'node');
const { dir, version } = referenceServer(cache, values.source);
const load = loadavg()[0].toFixed(2);
const server = await startServer(node, dir, Number(values.port));
const url = `http://localhost:${values.port}/mcp`;
let rows;
try {
  const suite = await run(node, [join(cache, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js'), 'server', '--url', url]);
  const official = officialVerdicts(suite.stdout);
  if (official.size === 0) throw new Error(`no verdicts in the suite's output:\n${suite.stdout}\n${suite.stderr}`);
  const ours = await run(process.execPath, [BIN, 'check', '--json', '--no-robustness', '--allow-tools', CALLABLE.join(','), '--url', url]);
  const report = JSON.parse(ours.stdout);
  const mine = new Map(report.results.map((r) => [r.id, r]));
  rows = OVERLAP.flatMap(([scenario, ids]) =>
    ids.map((id) => {
      const theirs = official.get(scenario) ?? 'not run';
      const status = mine.get(id)?.status ?? 'not run';
      // A warning or a pass is not a failure: the suite's pass agrees with either.
      const agree = theirs === 'not run' || status === 'not run' ? '—' : (theirs === 'pass') === (status !== 'fail') ? 'yes' : 'no';
      return { scenario, official: theirs, check: id, mcpscope: status, agree, detail: mine.get(id)?.detail ?? '' };
    }),
  );
} finally {
  server.kill('SIGTERM');
}
const header = `conformance ${version} reference everything-server vs mcpscope check, ${new Date().toISOString().slice(0, 10)}, load ${load} (1-min average, ${availableParallelism()} cores)`;
if (values.json) process.stdout.write(`${JSON.stringify({ header, rows }, null, 2)}\n`);
else {
  const lines = [header, '', '| official scenario | official | mcpscope check | mcpscope | agree |', '|---|---|---|---|---|'];
  for (const r of rows) lines.push(`| \`${r.scenario}\` | ${r.official} | \`${r.check}\` | ${r.mcpscope} | ${r.agree} |`);
  process.stdout.write(`${lines.join('\n')}\n`);
  for (const r of rows.filter((x) => x.agree === 'no'))
    process.stdout.write(`\ndisagree: ${r.scenario} (${r.official}) vs ${r.check} (${r.mcpscope}): ${r.detail}\n`);
}
process.exitCode = rows.some((r) => r.agree === 'no') ? 1 : 0;
