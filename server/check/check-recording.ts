// Keeps a check connection's frames in a store as a session of its own (origin `scratch`), so a result's frames open in
// the inspector: the relay's Conformance runs (published live) and `mcpscope check --record` (written to the store).
import type { FrameRecord, Target } from '../../shared/relay-protocol.js';
import type { SessionArchive } from '../store/archive/session-archive.js';
import { now } from '../store/clock.js';
import { newStoredSession } from '../store/new-session.js';
import type { Recorder, StoredSession } from '../store/recorder.js';
import { newSessionId } from '../core/session-naming.js';
import { storedTarget } from '../core/stored-target.js';
import type { CheckRecording } from './check-host.js';

export interface RecordingStore {
  recorder: Recorder;
  archive: SessionArchive;
  /** The session under test, for the Conformance tab's runs; null for the CLI's. */
  scratchFor: string | null;
  /** Tells listeners (the relay's hub) about the session and each frame; absent: nobody watches live. */
  publish?: { session(s: StoredSession): void; frame(id: string, f: FrameRecord): void };
}

function maskedSpawn(f: FrameRecord, command: string, args: string[]): FrameRecord {
  const text = JSON.stringify({ ...(JSON.parse(f.text) as object), command, args });
  return { ...f, text, size: Buffer.byteLength(text) };
}

/** A new stored session for one connection; a `spawned` event names the command as the stored target does, secrets masked. */
export function recordCheckConnection(
  store: RecordingStore,
  o: {
    name: string;
    target: Target;
    protocolVersion: string;
    secretEnv?: readonly string[];
    profileId?: string | null;
    /** What made it, for the history list: `check` unless said (`chat --record` says `chat`). */
    tags?: readonly string[];
    /** `scratch` unless said: a connection of its own (`chat --record`) is `recorded`. */
    origin?: 'scratch' | 'recorded';
  },
): CheckRecording {
  const target = storedTarget(o.target, o.secretEnv ?? []);
  const stored = newStoredSession({ id: newSessionId(), name: o.name, target, protocolVersion: o.protocolVersion, status: 'running' });
  const save = () => {
    store.recorder.saveSession(stored);
    store.publish?.session(stored);
  };
  // Linked and tagged before it is first announced, so the page never lists it as a session of its own.
  store.recorder.saveSession(stored);
  store.archive.setMeta(stored.id, {
    origin: o.origin ?? 'scratch',
    scratchFor: store.scratchFor,
    profileId: o.profileId ?? null,
    secretEnv: [...(o.secretEnv ?? [])],
  });
  // Tagged by what made it (the fault lab's are tagged `lab`, replays `replay`, a recorded CLI chat `chat`).
  store.archive.setTags(stored.id, [...(o.tags ?? ['check'])]);
  store.publish?.session(stored);
  return {
    id: stored.id,
    append: (f) => {
      const shown = f.method === 'spawned' && f.dir === 'relay' && target.transport === 'stdio' ? maskedSpawn(f, target.command, target.args) : f;
      stored.lastSeq = Math.max(stored.lastSeq, f.seq);
      store.recorder.append(stored.id, shown);
      store.publish?.frame(stored.id, shown);
    },
    end: (lastSeq) => {
      Object.assign(stored, { status: 'stopped', endedAt: now(), lastSeq: Math.max(stored.lastSeq, lastSeq) });
      store.recorder.flush();
      save();
    },
  };
}
