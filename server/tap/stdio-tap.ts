// `mcpscope tap -- <command>`: a transparent shim between a host and its stdio server. Bytes pass both ways unchanged
// and with backpressure (stream pipes); a copy of each chunk goes to the recording thread. The tap writes nothing to
// its stdout but the server's bytes; its own words go to stderr. Threat: a shim that changes, delays or outlives the
// traffic it watches, so everything here is about passing bytes, mirroring the server's end and never outliving the host.
import { fstatSync, readFileSync } from 'node:fs';
import { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import type { StdioTarget } from '../../shared/relay-protocol.js';
import { storedTarget } from '../core/stored-target.js';
import { enterDataDir } from '../transports/orphan-reaper.js';
import { processTracker } from '../transports/process-tracker.js';
import { spawnServer } from '../transports/server-child.js';
import { openTapRecording, say, type TapRecordingFlags } from './tap-recording.js';

export interface StdioTapOptions extends TapRecordingFlags {
  command: string;
  args: string[];
  /** Each rung of the shutdown ladder once the host has gone: after closing the server's stdin, then after SIGTERM. */
  graceMs: number;
}

export interface TapExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * How long the tap waits, once the server has ended and the host has every byte, for a recording that fell behind (a
 * flood on a busy machine) to reach the disk, before it exits regardless. Normal traffic finishes in milliseconds.
 */
const FINISH_MS = 30_000;
/** How long the last bytes to the host may take to leave: a host that stopped reading cannot hold the exit. */
const DRAIN_MS = 3000;
/** How often the tap checks that the host that started it is still there (a dead parent closes nothing of ours). */
const PARENT_POLL_MS = 500;

/**
 * process.stdout writes to a pipe synchronously on Linux, so a host slow to read would stall the tap in both
 * directions; a socket of our own on fd 1 writes asynchronously and lets pipe() pause the server's stdout instead.
 */
function hostOutput(): Writable {
  try {
    const st = fstatSync(1);
    if (st.isFIFO() || st.isSocket()) return new Socket({ fd: 1, readable: false, writable: true });
  } catch {
    // fd 1 is closed or odd: process.stdout reports it when written to.
  }
  return process.stdout;
}

/** The host's name, for the record: the parent process's command name where the system tells it. */
function hostName(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export function runStdioTap(o: StdioTapOptions): Promise<TapExit> {
  // The host's environment is the server's; none of it is stored. Credentials on the command line are masked.
  const target = storedTarget({ transport: 'stdio', command: o.command, args: o.args, env: {}, cwd: process.cwd() }) as StdioTarget;
  const recording = openTapRecording(o, target);
  const ppid = process.ppid;
  recording.event({ event: 'tap-started', host: { pid: ppid, name: hostName(ppid) }, command: o.command, args: target.args, cwd: target.cwd! });

  // A host may SIGKILL its tap (or die and take it along): the tap's instance goes into the data dir's table before its
  // server starts, so the next launch of mcpscope kills what is left; and what an earlier tap left goes now.
  for (const note of enterDataDir(o.dataDir, 'tap')) say(note);

  return new Promise((resolve) => {
    // Started as the relay starts its servers (a process group of its own, the relay's token left out, the run's spawn
    // mark), but tracked by its mark alone: the way out finds every descendant without walking the tree while bytes pass.
    const child = spawnServer({ command: o.command, args: o.args, env: {}, tracking: 'mark' });
    const out = hostOutput();
    let stopping: string | null = null;
    let timers: NodeJS.Timeout[] = [];

    const send = (sig: NodeJS.Signals) => {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null && processTracker.signal(child.pid, sig)) {
        recording.event({ event: 'signal-sent', signal: sig, pid: child.pid });
      }
    };
    /**
     * The shutdown ladder, once: the server's stdin is closed (a signal the tap received is passed on at once); after
     * the grace period SIGTERM goes to its group, after another SIGKILL.
     */
    const stop = (reason: string, signal: NodeJS.Signals | null = null) => {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      const first = stopping === null;
      if (first) recording.event({ event: 'stopping', reason });
      if (signal) send(signal);
      if (!first) return;
      stopping = reason;
      child.stdin.end();
      if (signal !== 'SIGTERM') timers.push(setTimeout(() => send('SIGTERM'), o.graceMs).unref());
      timers.push(setTimeout(() => send('SIGKILL'), 2 * o.graceMs).unref());
    };

    process.stdin.on('data', (c: Buffer) => recording.chunk('out', c));
    process.stdin.on('end', () => stop('the host closed the stdin of the tap'));
    process.stdin.on('error', (err) => stop(`the host's stdin failed: ${err.message}`));
    process.stdin.pipe(child.stdin);
    // A server that exits while the host still writes must not take the tap down with EPIPE.
    child.stdin.on('error', () => {});
    child.stdout.on('data', (c: Buffer) => recording.chunk('in', c));
    child.stdout.pipe(out, { end: false });
    child.stderr.on('data', (c: Buffer) => recording.chunk('stderr', c));
    child.stderr.pipe(process.stderr, { end: false });
    out.on('error', (err: NodeJS.ErrnoException) => stop(`the host stopped reading (${err.code ?? err.message})`));

    for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
      process.on(sig, () => stop(`the tap received ${sig}`, sig));
    }
    const parentWatch = setInterval(() => {
      if (process.ppid !== ppid) stop(`the host (pid ${ppid}) went away`);
    }, PARENT_POLL_MS);
    parentWatch.unref();
    // Whatever way the tap goes, the server's group and everything carrying its mark go with it.
    process.on('exit', () => processTracker.killAll());

    child.on('spawn', () => {
      recording.event({ event: 'spawned', pid: child.pid!, command: o.command, args: target.args, cwd: target.cwd! }, { status: 'running', pid: child.pid! });
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return;
      // The server could not start: the host hears what a shell would say, and the tap exits like one.
      say(`cannot start ${o.command}: ${err.message}`);
      recording.event({ event: 'error', message: `spawn failed: ${err.message}`, ...(err.code ? { code: err.code } : {}) });
      void end({ code: err.code === 'ENOENT' ? 127 : err.code === 'EACCES' ? 126 : 1, signal: null }, 'failed');
    });
    child.on('close', (code, signal) => {
      // spawnServer released the leader's group and mark. (The relay also walks the process table for children that
      // left the group; a tap does not, since a walk stalls the thread that carries the host's bytes: a child that
      // cleared its environment, env -i, and left the group escapes a tap.)
      // Its stderr tail is added on the recording thread, which holds the lines (core/frame-log.ts).
      recording.event({ event: 'exited', code, signal });
      void end({ code, signal }, stopping === null ? 'exited' : 'stopped');
    });

    let ended = false;
    const end = async (exit: TapExit, status: 'exited' | 'stopped' | 'failed') => {
      if (ended) return;
      ended = true;
      for (const t of timers) clearTimeout(t);
      timers = [];
      clearInterval(parentWatch);
      process.stdin.unpipe(child.stdin);
      await drain(out);
      await recording.finish({ status, exitCode: exit.code, signal: exit.signal }, FINISH_MS);
      resolve(exit);
    };
  });
}

/** Waits until every byte written to the host has left (bounded: a host that stopped reading cannot hold the exit). */
function drain(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, DRAIN_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    if (out === process.stdout) {
      if (out.writableLength === 0) done();
      else out.once('drain', done);
      return;
    }
    out.once('error', done);
    out.end(done);
  });
}
