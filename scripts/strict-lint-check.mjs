#!/usr/bin/env node
// `mcpscope call --lint --strict` against well-behaved servers at every protocol version: server-everything over stdio
// (every call a normal session makes) and Streamable HTTP from 2024-11-05 to 2025-11-25, and a server built on the SDK
// v2 packages (@modelcontextprotocol/server) at 2026-07-28 over stdio and HTTP; and each era × transport cell of
// mcpscope's own choosing (--era auto probing each server, --transport auto on a legacy HTTP+SSE URL, the era fallback
// asked for 2026-07-28), so mcpscope's own frames are judged there too. --strict fails on any warning or error,
// so a severity that outruns the spec (a newer field in an older version, say) shows here; info never fails it.
// Needs the built CLI (npm run build).
//   node scripts/strict-lint-check.mjs [--slice] [--json] [--concurrency N]
// --slice: one call per version and transport (the tests run it); without it, the full matrix. --json: one line per
// run, then a summary line. Exit 0 when every run exited 0 with no warning or error, 1 otherwise, 2 on a usage error.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin', 'mcpscope.js');
const FIXTURES = join(ROOT, 'test', 'fixtures');
const EVERYTHING = ['--', process.execPath, join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'];
const SDK_V2 = join(FIXTURES, 'sdk-v2-server.mjs');
const LEGACY_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
/** Streamable HTTP exists from 2025-03-26. */
const HTTP_VERSIONS = LEGACY_VERSIONS.slice(1);
const json = (v) => JSON.stringify(v);

/** What a normal session asks: a tool call (after listing the tools), the other lists, a log level, a completion, a ping. */
const LEGACY_CALLS = [
  ['--method', 'tools/call', '--params', json({ name: 'echo', arguments: { message: 'hi' } })],
  ['--method', 'resources/list'],
  ['--method', 'resources/templates/list'],
  ['--method', 'prompts/list'],
  ['--method', 'logging/setLevel', '--params', json({ level: 'info' })],
  ['--method', 'completion/complete', '--params', json({ ref: { type: 'ref/prompt', name: 'args-prompt' }, argument: { name: 'city', value: 'a' } })],
  ['--method', 'ping'],
];
const MODERN_CALLS = [
  ['--method', 'tools/call', '--params', json({ name: 'echo', arguments: { message: 'hi' } })],
  ['--method', 'resources/read', '--params', json({ uri: 'memo://counter' })],
  ['--method', 'server/discover'],
];

/**
 * Every run as [label, argv after `call --lint --strict`]; `http`, `sse` and `v2` are the URLs of the HTTP servers
 * (Streamable HTTP and legacy HTTP+SSE server-everything, the SDK v2 server).
 */
export function matrix({ slice, http, sse, v2 }) {
  const legacy = slice ? LEGACY_CALLS.slice(0, 1) : LEGACY_CALLS;
  const modern = slice ? MODERN_CALLS.slice(0, 1) : MODERN_CALLS;
  const method = (c) => c[1];
  /** The era cells: [label, era flags, target] for each way mcpscope picks an era or a transport on its own. */
  const eras = [
    ['everything sse auto-transport legacy', ['--era', 'legacy', '--transport', 'auto', '--protocol', '2024-11-05'], ['--url', sse]],
    ['everything sse auto-transport auto-era', ['--era', 'auto', '--transport', 'auto', '--protocol', '2024-11-05'], ['--url', sse]],
    ['everything stdio auto-era', ['--era', 'auto'], EVERYTHING],
    ['everything stdio auto-era asked 2026-07-28', ['--era', 'auto', '--protocol', '2026-07-28'], EVERYTHING],
    ['everything http auto-era', ['--era', 'auto'], ['--url', http]],
    ['everything http auto-era http-transport', ['--era', 'auto', '--transport', 'http'], ['--url', http]],
    ['sdk-v2 stdio auto-era', ['--era', 'auto'], ['--', process.execPath, SDK_V2, '--stdio']],
    ['sdk-v2 http auto-era', ['--era', 'auto'], ['--url', v2]],
  ];
  return [
    ...LEGACY_VERSIONS.flatMap((v) => legacy.map((c) => [`everything stdio ${v} ${method(c)}`, [...c, '--protocol', v, ...EVERYTHING]])),
    ...(slice ? HTTP_VERSIONS.slice(-1) : HTTP_VERSIONS).flatMap((v) =>
      legacy.map((c) => [`everything http ${v} ${method(c)}`, [...c, '--protocol', v, '--url', http]]),
    ),
    ...modern.map((c) => [`sdk-v2 stdio 2026-07-28 ${method(c)}`, [...c, '--protocol', '2026-07-28', '--', process.execPath, SDK_V2, '--stdio']]),
    ...modern.map((c) => [`sdk-v2 http 2026-07-28 ${method(c)}`, [...c, '--era', 'modern', '--url', v2]]),
    ...(slice ? eras.slice(0, 2) : eras).map(([label, flags, target]) => [`${label} ${method(legacy[0])}`, [...legacy[0], ...flags, ...target]]),
  ];
}

function run(command, args) {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [command, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (c) => (stdout += c));
    p.stderr.on('data', (c) => (stderr += c));
    p.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts a fixture that prints `LISTENING <port>`; resolves with its /mcp URL and a stop function. */
function listen(script, args = []) {
  const proc = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = new Promise((resolve, reject) => {
    const onData = (c) => {
      out += c;
      const m = /LISTENING (\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}/mcp`);
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.on('exit', () => reject(new Error(`${script} exited before listening:\n${out}`)));
  });
  const stop = () => new Promise((r) => (proc.exitCode !== null || proc.signalCode !== null ? r() : (proc.once('exit', r), proc.kill('SIGKILL'))));
  return { url, stop };
}

/** The findings `--lint` printed on stderr (one JSON object a line). */
function findings(stderr) {
  return stderr
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .flatMap((l) => {
      try {
        const f = JSON.parse(l);
        return typeof f.ruleId === 'string' ? [{ ruleId: f.ruleId, severity: f.severity, message: f.message }] : [];
      } catch {
        return [];
      }
    });
}

async function main() {
  let opts;
  try {
    opts = parseArgs({ options: { slice: { type: 'boolean' }, json: { type: 'boolean' }, concurrency: { type: 'string', default: '4' } } }).values;
  } catch (err) {
    console.error(`${err.message}\nusage: node scripts/strict-lint-check.mjs [--slice] [--json] [--concurrency N]`);
    process.exit(2);
  }
  const concurrency = Number(opts.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    console.error('--concurrency takes a whole number of at least 1');
    process.exit(2);
  }
  const servers = [
    listen(join(FIXTURES, 'everything-on-loopback.mjs'), ['streamableHttp']),
    listen(join(FIXTURES, 'everything-on-loopback.mjs'), ['sse']),
    listen(SDK_V2),
  ];
  let failed = 0;
  try {
    const [http, sseEndpoint, v2] = await Promise.all(servers.map((s) => s.url));
    // The SSE mode's endpoint is /sse, not the /mcp the helper names.
    const sse = sseEndpoint.replace(/\/mcp$/, '/sse');
    const queue = matrix({ slice: opts.slice === true, http, sse, v2 });
    const total = queue.length;
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const [label, args] = next;
        // The flags go first: whatever follows `--` is the server's command line.
        const r = await run(BIN, ['call', '--lint', '--strict', '--timeout', '20000', ...args]);
        const found = findings(r.stderr);
        const bad = found.filter((f) => f.severity !== 'info');
        const ok = r.code === 0 && bad.length === 0 && /lint: \d+ frames/.test(r.stderr);
        if (!ok) failed++;
        if (opts.json) console.log(json({ label, code: r.code, ok, findings: found }));
        else
          console.log(
            `${ok ? 'ok  ' : 'FAIL'} ${label}: exit ${r.code}, ${found.length - bad.length} info${bad.map((f) => `\n     ${f.severity} ${f.ruleId}: ${f.message}`).join('')}${ok || bad.length ? '' : `\n${r.stderr.trim()}`}`,
          );
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    if (opts.json) console.log(json({ runs: total, failed }));
    else console.log(`${total - failed} of ${total} runs clean under --strict`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  process.exit(failed === 0 ? 0 : 1);
}

await main();
