// Keeps each failure a campaign found: its shrunk input is sent alone on a fresh connection (the handshake, then that
// input), which says whether it reproduces; that transcript becomes a repro bundle (`mcpscope replay` runs it) and,
// given a store, a session of its own there, linked from the report.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FuzzFailure } from '../../shared/fuzz/fuzz-report.js';
import type { FrameRecord, Target } from '../../shared/relay-protocol.js';
import { writeCallBundle } from '../call/call-bundle.js';
import type { CallSession } from '../call/call-session.js';
import type { CheckRecording } from '../check/check-host.js';
import { packageVersion } from '../package-root.js';
import { FuzzConnection } from './fuzz-connection.js';
import { failureKey, type Found } from './fuzz-context.js';
import { SERVER_ONLY_RULES } from './fuzz-oracles.js';

export interface KeepOptions {
  target: Target;
  timeoutMs: number;
  protocolVersion: string;
  /** The folder bundles go to; null: none written. */
  out: string | null;
  /** A new stored session for a repro connection (the store's), or none. */
  record?: (name: string) => CheckRecording;
  /** Each repro connection as it starts (the relay shows it live). */
  onSession?: (session: CallSession) => void;
}

const slug = (s: string) =>
  s
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'failure';

/** The frames this connection sent for the input itself: everything it wrote after the handshake. */
function inputFrames(frames: readonly FrameRecord[], from: number): string {
  return frames
    .slice(from)
    .filter((f) => f.dir === 'out' && f.kind !== 'http')
    .map((f) => f.text)
    .join('\n');
}

async function keepOne(found: Found, index: number, o: KeepOptions): Promise<FuzzFailure> {
  let session: CallSession | null = null;
  const recording = o.record?.(`fuzz ${found.oracle} ${found.subject}`);
  const conn = new FuzzConnection(o.target, {
    timeoutMs: o.timeoutMs,
    protocolVersion: o.protocolVersion,
    onSession: (s) => {
      session ??= s;
      if (session !== s) return;
      if (recording) s.onFrame((f) => recording.append(f));
      o.onSession?.(s);
    },
  });
  let again = null;
  let from = 0;
  try {
    // Arguments are judged against the tool's schemas, which the linter learns from tools/list.
    if (found.mode === 'args') await conn.listTools();
    else if (!found.bare) await conn.ready();
    from = (session as CallSession | null)?.frames.length ?? 0;
    again = await conn.attempt(found.act, found.mode === 'protocol' ? SERVER_ONLY_RULES : undefined, found.bare);
  } catch {
    // The server would not start again: the failure stands as found, unconfirmed.
  } finally {
    await conn.close();
  }
  const frames: readonly FrameRecord[] = session === null ? [] : (session as CallSession).frames;
  recording?.end(frames.length);
  const reproduced = again !== null && failureKey(again.oracle, found.subject, again.signature) === found.key;
  let bundle: string | null = null;
  if (o.out !== null && frames.length > 0) {
    await mkdir(o.out, { recursive: true });
    bundle = join(o.out, `${String(index + 1).padStart(2, '0')}-${found.oracle}-${slug(found.subject)}.mcpscope.json`);
    await writeCallBundle(bundle, frames, o.target, o.protocolVersion, packageVersion());
  }
  const obs = reproduced && again ? again : found.observed;
  const { observed: _observed, act: _act, ...rest } = found;
  return {
    ...rest,
    frame: inputFrames(frames, from),
    stderr: obs.stderr,
    exitCode: obs.exitCode,
    signal: obs.signal,
    findings: obs.findings,
    verdict: null,
    reproduced,
    bundle,
    sessionId: recording?.id ?? null,
  };
}

/** Every failure kept, in the order found; a failure that cannot be kept is still reported. */
export async function keepFailures(found: readonly Found[], o: KeepOptions): Promise<FuzzFailure[]> {
  const kept: FuzzFailure[] = [];
  for (const [i, f] of found.entries()) kept.push(await keepOne(f, i, o));
  return kept;
}
