// The official MCP Inspector's CLI as a real host talking through `mcpscope tap` (issue 17): it lists and calls
// server-everything's tools once directly and once through the tap, and checks that the host got the same answers and
// that the store recorded the tapped conversation (every request answered, recorded as the tap's). A script, not a test:
// the Inspector needs Node 22, which lives in a cache folder (scripts/node22-tools.sh --inspector), never the project's.
// Usage: npm run build && node scripts/tap-inspector-cli.mjs     prints one line per check and "N passed, N failed"
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'mcpscope.js');
const EVERYTHING = [process.execPath, join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'), 'stdio'];
if (!existsSync(join(ROOT, 'dist', 'server', 'store', 'recorder.js'))) {
  console.error('tap-inspector-cli: dist/ is missing; run `npm run build` first');
  process.exit(2);
}
const { Recorder } = await import(join(ROOT, 'dist', 'server', 'store', 'recorder.js'));
const { SessionArchive } = await import(join(ROOT, 'dist', 'server', 'store', 'archive', 'session-archive.js'));

const tools = execFileSync(join(ROOT, 'scripts', 'node22-tools.sh'), ['--inspector'], { encoding: 'utf8' }).trim();
const NODE22 = join(tools, 'node');
const INSPECTOR = join(tools, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');
const work = mkdtempSync(join(tmpdir(), 'mcpscope-tap-inspector-'));
const dataDir = join(work, 'data');

let passed = 0;
let failed = 0;
function check(ok, what, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok' : 'not ok'} - ${what}${ok || !detail ? '' : `: ${detail}`}`);
}

/** One Inspector CLI run against a server command; its parsed JSON output, or the failure. */
function inspector(command, method) {
  // Options first, then `--`: the tap's own flags (and its `--`) must reach the command untouched.
  const r = spawnSync(NODE22, [INSPECTOR, '--cli', ...method, '--', ...command], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0) return { error: `exit ${r.status ?? r.signal}: ${(r.stderr || r.stdout).trim().slice(-400)}` };
  try {
    return { json: JSON.parse(r.stdout) };
  } catch {
    return { error: `not JSON: ${r.stdout.slice(0, 200)}` };
  }
}

const tapped = [process.execPath, BIN, 'tap', '--data-dir', dataDir, '--name', 'inspector-cli', '--', ...EVERYTHING];
const calls = [
  ['--method', 'tools/list'],
  ['--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=through the tap'],
  ['--method', 'prompts/list'],
];
try {
  console.log(`official Inspector CLI (${NODE22}) through mcpscope tap, against server-everything over stdio`);
  for (const call of calls) {
    const direct = inspector(EVERYTHING, call);
    const through = inspector(tapped, call);
    const what = call.slice(1).join(' ');
    check(!direct.error && !through.error, `${what}: the Inspector CLI succeeds directly and through the tap`, direct.error ?? through.error);
    if (direct.json && through.json)
      check(JSON.stringify(direct.json) === JSON.stringify(through.json), `${what}: the same answer through the tap as directly`);
  }

  // The host closes the tap's stdin and may exit before the tap has saved the session's end: wait for it a little.
  const recorder = new Recorder(dataDir);
  try {
    const archive = new SessionArchive(recorder.db);
    const tappedSessions = () => recorder.listSessions().filter((s) => archive.meta(s.id).origin === 'tap');
    for (let waited = 0; waited < 15_000 && tappedSessions().some((s) => s.endedAt === null); waited += 250) await new Promise((r) => setTimeout(r, 250));
    const sessions = tappedSessions();
    check(sessions.length === calls.length, `the store holds one tapped session per Inspector run (${sessions.length} of ${calls.length})`);
    const methods = [];
    for (const s of sessions) {
      const frames = recorder.readFrames(s.id, 0, 100_000);
      const requests = frames.filter((f) => f.dir === 'out' && f.kind === 'request');
      const answered = new Set(frames.filter((f) => f.dir === 'in' && f.kind === 'response').map((f) => f.rpcId));
      const unanswered = requests.filter((f) => !answered.has(f.rpcId)).map((f) => f.method);
      check(
        requests[0]?.method === 'initialize' && unanswered.length === 0,
        `session ${s.name}: starts with initialize, every request answered`,
        `unanswered: ${unanswered.join(', ')}`,
      );
      methods.push(...requests.map((f) => f.method));
    }
    for (const m of ['tools/list', 'tools/call', 'prompts/list']) check(methods.includes(m), `the tapped sessions record the host's ${m}`);
  } finally {
    recorder.close();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`tap-inspector-cli: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
