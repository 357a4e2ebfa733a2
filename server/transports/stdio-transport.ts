// Spawns an MCP server as a child process in its own process group and frames its stdout by newlines.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { LineBuffer, DEFAULT_MAX_LINE_BYTES } from './line-buffer.js';
import { processTracker } from './process-tracker.js';
import { spawnServer } from './server-child.js';
import type { CloseHow, Transport, TransportHandlers } from './transport.js';

export interface StdioOptions {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  maxLineBytes?: number;
  /** How long each rung of the shutdown ladder waits: after closing stdin, then after SIGTERM. */
  graceMs?: number;
}

/**
 * A process that exits closes its stdout a moment before its exit is seen; one still running this long after closing
 * it has chosen to go deaf (a crashed writer thread, a stray `exec >&-`): that is reported, not an ordinary exit.
 */
export const STDOUT_CLOSED_GRACE_MS = 300;
/** A hung server's wait between SIGTERM and SIGKILL: a blocked Node process dies on SIGTERM at once (no handler runs). */
const HUNG_GRACE_MS = 200;

/** Kills every server this process started, and all they started: the relay's way out, whatever it is. */
export function killAllProcessGroups(): void {
  processTracker.killAll();
}

export class StdioTransport implements Transport {
  private child: ChildProcessWithoutNullStreams | null = null;
  private exited: Promise<void> = Promise.resolve();
  private running = false;
  private handlers: TransportHandlers | null = null;

  constructor(private readonly opts: StdioOptions) {}

  get alive(): boolean {
    return this.running;
  }

  start(h: TransportHandlers): Promise<void> {
    this.handlers = h;
    const { command, args, env, cwd } = this.opts;
    const max = this.opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    const stdout = new LineBuffer(max);
    const stderr = new LineBuffer(max);
    return new Promise((resolve) => {
      let child: ChildProcessWithoutNullStreams;
      try {
        child = spawnServer({ command, args, env, cwd, tracking: 'walk' });
      } catch (err) {
        h.onEvent({ event: 'error', message: `spawn failed: ${(err as Error).message}` });
        h.onClosed();
        resolve();
        return;
      }
      this.child = child;
      let settle: () => void = () => {};
      this.exited = new Promise((r) => (settle = r));
      const onLine = (bytes: Buffer) => void h.onMessage(bytes);
      const onOversize = (head: Buffer, size: number) => void h.onOversize(head, size);
      // Each line straight to the session as it is found: in a flood a chunk holds hundreds (stdout.each).
      const onStdout = (chunk: Buffer) => stdout.each(chunk, onLine, onOversize);
      const onStderr = (chunk: Buffer) => {
        for (const ev of stderr.push(chunk)) h.onStderr(ev.type === 'line' ? ev.bytes : ev.head);
      };
      child.stdout.on('data', onStdout);
      let deafTimer: NodeJS.Timeout | undefined;
      child.stdout.on('end', () => {
        deafTimer = setTimeout(() => {
          if (!this.running || child.exitCode !== null || child.signalCode !== null) return;
          const message = `the server closed its stdout but is still running (pid ${child.pid}): nothing it sends can arrive; stop or restart it`;
          h.onEvent({ event: 'stdout-closed', pid: child.pid!, message });
        }, STDOUT_CLOSED_GRACE_MS);
      });
      child.stderr.on('data', onStderr);
      // A server that exits while we write must not crash the relay with EPIPE.
      child.stdin.on('error', () => {});
      child.on('spawn', () => {
        this.running = true;
        h.onEvent({ event: 'spawned', pid: child.pid!, command, args, cwd: cwd ?? process.cwd() });
        resolve();
      });
      child.on('error', (err: NodeJS.ErrnoException) => {
        // Only spawn failures land here before 'spawn'; later ones (kill failures) are reported but not fatal.
        h.onEvent({ event: 'error', message: err.message, ...(err.code ? { code: err.code } : {}) });
        if (!this.running) {
          settle();
          h.onClosed();
          resolve();
        }
      });
      child.on('close', (code, signal) => {
        clearTimeout(deafTimer);
        for (const ev of stdout.end()) {
          if (ev.type === 'line') h.onMessage(ev.bytes);
          else h.onOversize(ev.head, ev.size);
        }
        for (const ev of stderr.end()) h.onStderr(ev.type === 'line' ? ev.bytes : ev.head);
        const wasRunning = this.running;
        this.running = false;
        // The stderr tail is the connection's to add (core/frame-log.ts): one place keeps it for every program.
        if (wasRunning) h.onEvent({ event: 'exited', code, signal });
        settle();
        if (wasRunning) h.onClosed();
      });
    });
  }

  send(bytes: Buffer): void {
    if (!this.child || !this.running) throw new Error('the server process is not running');
    this.child.stdin.write(Buffer.concat([bytes, Buffer.from('\n')]));
  }

  /**
   * The shutdown ladder: close stdin, wait; SIGTERM the group, wait; SIGKILL the group. A server known to be hung (its
   * thread blocked: it reads no stdin) gets SIGTERM at once and SIGKILL after HUNG_GRACE_MS, not the full grace twice:
   * fuzz shrinking a hang stops such a server once per try.
   */
  async close(_reason?: string, how: CloseHow = {}): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return this.exited;
    const grace = how.hung ? Math.min(HUNG_GRACE_MS, this.opts.graceMs ?? 2000) : (this.opts.graceMs ?? 2000);
    // Note every descendant now: once the server exits on stdin EOF, a child it left (setsid) belongs to init, and no
    // walk from the server would find it any more.
    processTracker.sweep();
    child.stdin.end();
    if (!how.hung && (await this.waitExit(grace))) return;
    this.signal(child.pid!, 'SIGTERM');
    if (await this.waitExit(grace)) return;
    this.signal(child.pid!, 'SIGKILL');
    await this.exited;
  }

  private signal(pid: number, signal: NodeJS.Signals): void {
    if (processTracker.signal(pid, signal)) this.handlers?.onEvent({ event: 'signal-sent', signal, pid });
  }

  private waitExit(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(false), ms);
      void this.exited.then(() => {
        clearTimeout(t);
        resolve(true);
      });
    });
  }
}
