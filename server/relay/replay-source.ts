// What a replay starts from, whether a recorded session or a bundle: the client frames to send and the old messages
// to diff against; and the one call that runs a replay and diffs it.
import { diffTranscripts, type TranscriptDiff } from '../../shared/replay/transcript-diff.js';
import type { DiffOptionsInput } from '../../shared/replay/diff-options.js';
import { clientFramesOf, serverRequestIds, type ClientFrame } from '../../shared/replay/replay-plan.js';
import type { FrameRecord, SessionInfo, Target } from '../../shared/relay-protocol.js';
import { iterateFrames } from '../store/archive/frame-cursor.js';
import type { LoadedBundle } from '../bundles/bundle-stream.js';
import type { Recorder } from '../store/recorder.js';
import type { SessionManager } from './session-manager.js';
import { runReplay, type ReplayOutcome } from './replay-runner.js';

export interface ReplaySource {
  name: string;
  protocolVersion: string;
  clientFrames: ClientFrame[];
  /** The recording's messages (and stderr), what the new run is compared with. */
  messages: FrameRecord[];
}

export interface ReplayOptions {
  preserveIds?: boolean;
  preservePacing?: boolean;
  answerTimeoutMs?: number;
  diff?: DiffOptionsInput;
  /** Where the recipe came from when it is not typed here (a bundle, an imported profile): it must be confirmed. */
  recipeFrom?: string;
  secretEnv?: readonly string[];
  /** The session the replay is made for: the page lists it under that one. */
  scratchFor?: string;
}

export interface ReplayResult {
  outcome: ReplayOutcome;
  diff: TranscriptDiff;
}

const DIFFED = new Set<FrameRecord['kind']>(['request', 'notification', 'response', 'error', 'batch', 'invalid', 'noise', 'oversize', 'stderr']);

export async function sourceFromSession(recorder: Recorder, info: SessionInfo): Promise<ReplaySource> {
  const messages: FrameRecord[] = [];
  for await (const f of iterateFrames(recorder, info.id, { kinds: [...DIFFED] })) if (f.dir !== 'relay') messages.push(f);
  return { name: info.name, protocolVersion: info.protocolVersion, clientFrames: clientFramesOf(messages, info.startedAt), messages };
}

export function sourceFromBundle(b: LoadedBundle): ReplaySource {
  return {
    name: b.header.session.name,
    protocolVersion: b.header.session.protocolVersion,
    clientFrames: b.clientFrames,
    messages: b.messages.filter((f) => DIFFED.has(f.kind)),
  };
}

export async function replayAndDiff(manager: SessionManager, source: ReplaySource, target: Target, opts: ReplayOptions = {}): Promise<ReplayResult> {
  const outcome = await runReplay(manager, {
    target,
    protocolVersion: source.protocolVersion,
    name: `replay of ${source.name}`,
    clientFrames: source.clientFrames,
    serverRequestIds: serverRequestIds(source.messages),
    ...(opts.preserveIds !== undefined ? { preserveIds: opts.preserveIds } : {}),
    ...(opts.preservePacing !== undefined ? { preservePacing: opts.preservePacing } : {}),
    ...(opts.answerTimeoutMs !== undefined ? { answerTimeoutMs: opts.answerTimeoutMs } : {}),
    ...(opts.recipeFrom !== undefined ? { recipeFrom: opts.recipeFrom } : {}),
    ...(opts.secretEnv ? { secretEnv: opts.secretEnv } : {}),
    ...(opts.scratchFor !== undefined ? { scratchFor: opts.scratchFor } : {}),
  });
  return { outcome, diff: diffTranscripts(source.messages, outcome.frames, opts.diff ?? {}) };
}
