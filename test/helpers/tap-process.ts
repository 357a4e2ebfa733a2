// Runs the real `mcpscope tap` (built, from dist/) as a host would, and reads what it recorded back from its store.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { Recorder, type StoredSession } from '../../server/store/recorder.js';
import { SessionArchive } from '../../server/store/archive/session-archive.js';
import { track } from './child-sweep.js';
import { BIN, EVERYTHING_SERVER, waitFor } from './relay-process.js';

export const EVERYTHING = [process.execPath, EVERYTHING_SERVER, 'stdio'];

/** The argv (after node) of a tap on `command` recording into `dataDir`. */
export function tapArgs(dataDir: string, command: string[], flags: string[] = []): string[] {
  return [BIN, 'tap', '--data-dir', dataDir, ...flags, '--', ...command];
}

export interface TapHandle {
  proc: ChildProcessWithoutNullStreams;
  stdout: Buffer[];
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A tap with the test as its host: the test writes its stdin and reads its stdout. */
export function startTap(dataDir: string, command: string[], flags: string[] = []): TapHandle {
  const proc = track(spawn(process.execPath, tapArgs(dataDir, command, flags), { stdio: 'pipe' }));
  const stdout: Buffer[] = [];
  let err = '';
  proc.stdout.on('data', (c: Buffer) => stdout.push(c));
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => proc.on('close', (code, signal) => r({ code, signal })));
  return { proc, stdout, stderr: () => err, exited };
}

export interface HttpTapHandle {
  proc: ChildProcessWithoutNullStreams;
  /** The address the tap printed for the host (http://127.0.0.1:<port>/<path>). */
  listen: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** An HTTP tap in front of `url`, listening on `listen` (default a free port of its choosing), once it says where. */
export async function startHttpTap(dataDir: string, url: string, listen = '127.0.0.1:0', flags: string[] = []): Promise<HttpTapHandle> {
  const proc = track(spawn(process.execPath, [BIN, 'tap', '--url', url, '--listen', listen, '--data-dir', dataDir, ...flags], { stdio: 'pipe' }));
  let err = '';
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((r) => proc.on('close', (code) => r(code)));
  try {
    const at = await waitFor(() => /point the host at (\S+)/.exec(err)?.[1], 'the tap to listen', 30_000);
    return { proc, listen: at, stderr: () => err, exited };
  } catch (e) {
    proc.kill('SIGTERM');
    throw new Error(`${(e as Error).message}; its stderr:\n${err}`, { cause: e });
  }
}

/** An SDK client whose server command is `command` (through a tap or not), with the server's stderr kept. */
export async function connectClient(command: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: command[0]!, args: command.slice(1), stderr: 'pipe' });
  let err = '';
  transport.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  const client = new Client({ name: 'tap-test-host', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err };
}

/** What the tapped sessions of a data dir hold: each session and its frames, oldest session first. */
export function readTapped(dataDir: string): Array<{ session: StoredSession; frames: FrameRecord[] }> {
  const recorder = new Recorder(dataDir);
  try {
    const archive = new SessionArchive(recorder.db);
    return recorder
      .listSessions()
      .filter((s) => archive.meta(s.id).origin === 'tap')
      .reverse()
      .map((session) => ({ session, frames: recorder.readFrames(session.id, 0, 1_000_000) }));
  } finally {
    recorder.close();
  }
}
