// Runs a command and says where its CPU went: every 0.5 s it reads /proc for the command's descendants and adds up
// each one's utime+stime by family (Chromium, relays, server fixtures, vitest, other). CPU seconds hold up under load
// where wall times do not, so this is how test-suite time is compared on a shared machine (docs/development.md).
// `node scripts/cpu-by-family.mjs [--out file.json] -- npx vitest run --project e2e`
// A process's last half second before it exits is not seen, so short-lived processes are undercounted a little.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { clearInterval, setInterval } from 'node:timers';
import { commandLine, descendants, family } from './proc-tree.mjs';

const sep = process.argv.indexOf('--');
if (sep < 0 || sep === process.argv.length - 1) {
  console.error('usage: node scripts/cpu-by-family.mjs [--out file.json] -- <command> [args…]');
  process.exit(2);
}
const outAt = process.argv.indexOf('--out');
const outFile = outAt > 0 && outAt < sep ? process.argv[outAt + 1] : null;

const seen = new Map(); // pid → { family, cpu seconds so far }
const totals = {};
const counts = {};
const loads = [];
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function sample(root) {
  for (const [pid, s] of descendants(root)) {
    let e = seen.get(pid);
    if (!e) {
      const cmd = commandLine(pid);
      if (cmd === null) continue;
      e = { family: family(cmd), cpu: 0, cmd: cmd.slice(0, 160) };
      seen.set(pid, e);
      counts[e.family] = (counts[e.family] ?? 0) + 1;
    }
    totals[e.family] = (totals[e.family] ?? 0) + (s.cpu - e.cpu);
    e.cpu = s.cpu;
  }
}

const started = Date.now();
loads.push(load());
const child = spawn(process.argv[sep + 1], process.argv.slice(sep + 2), { stdio: 'inherit' });
const timer = setInterval(() => sample(child.pid), 500);
child.on('exit', (code) => {
  clearInterval(timer);
  loads.push(load());
  const cpu = Object.entries(totals).sort((a, b) => b[1] - a[1]);
  const sum = cpu.reduce((n, [, v]) => n + v, 0);
  const report = {
    wallS: (Date.now() - started) / 1000,
    cpuS: Object.fromEntries(cpu.map(([k, v]) => [k, Math.round(v * 10) / 10])),
    totalCpuS: Math.round(sum),
    processes: counts,
    // The costliest processes, to see what a family holds.
    top: [...seen.values()]
      .sort((a, b) => b.cpu - a.cpu)
      .slice(0, 15)
      .map((e) => ({ family: e.family, cpuS: Math.round(e.cpu * 10) / 10, cmd: e.cmd })),
    loadAtStartAndEnd: loads,
  };
  console.error(
    `\ncpu-by-family: ${report.wallS.toFixed(0)} s wall, ${report.totalCpuS} s CPU: ${cpu.map(([k, v]) => `${k} ${v.toFixed(0)} s (${counts[k]} processes)`).join(', ')}; load ${loads.join(' → ')}`,
  );
  if (outFile) writeFileSync(outFile, JSON.stringify(report, null, 1));
  process.exit(code ?? 1);
});
