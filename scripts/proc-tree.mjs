// The processes under one root, read from /proc: for each, its parent, its start time (a pid can be reused; pid and
// start together name one process) and the CPU seconds it has used so far (user + system). Shared by the scripts that
// say where a command's CPU went (cpu-by-family.mjs, cpu-per-file-reporter.mjs).
import { readFileSync, readdirSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

/**
 * The family of a process by its command line: Chromium, relays and CLI runs, vitest's workers (the forks that run the
 * test files), vitest's main process (which in the e2e project also hosts the run's Playwright server, if one is
 * started), server fixtures, other.
 */
export function family(cmd) {
  // By the program, not the whole line: vitest's own line names its test files (test-chromium.test.ts).
  const program = cmd.split(' ', 2).join(' ');
  if (/chrom/i.test(program)) return 'chromium';
  if (/bin\/mcpscope\.js/.test(cmd)) return 'relay and CLI';
  if (/vitest\/dist\/workers\//.test(cmd)) return 'vitest workers';
  if (/vitest/.test(program)) return 'vitest main';
  if (/test\/fixtures|server-everything|dist\/demo|dist\/bundle\/demo-server/.test(cmd)) return 'server fixtures';
  return 'other';
}

/** A process's command line, its arguments joined by spaces; null once it has ended. */
export function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return null;
  }
}

/** Every process under `root` (itself included): pid → { ppid, start, cpu }. */
export function descendants(root) {
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const s = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(f[1]), start: f[19], cpu: (Number(f[11]) + Number(f[12])) / TICKS });
    } catch {
      // exited between the listing and the read
    }
  }
  const tree = new Map();
  if (stats.has(root)) tree.set(root, stats.get(root));
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, s] of stats) {
      if (tree.has(pid) || !(tree.has(s.ppid) || s.ppid === root)) continue;
      tree.set(pid, s);
      grew = true;
    }
  }
  return tree;
}
