// `mcpscope call --bundle <file>`: the call's whole transcript written as a repro bundle, the same file the inspector's
// Export bundle writes (recipe made portable, secrets redacted), so `mcpscope replay` or `mcpscope open` can take it.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { FrameRecord, Target } from '../../shared/relay-protocol.js';

export async function writeCallBundle(file: string, frames: readonly FrameRecord[], target: Target, protocolVersion: string, version: string): Promise<number> {
  // Loaded only when asked: a plain call never opens SQLite.
  const [{ Recorder }, { SessionArchive }, { ProfileStore }, { SecretStore }, { writeBundle }, { TextSink }] = await Promise.all([
    import('../store/recorder.js'),
    import('../store/archive/session-archive.js'),
    import('../store/archive/profile-store.js'),
    import('../store/secret-store.js'),
    import('../bundles/bundle-writer.js'),
    import('../bundles/text-sink.js'),
  ]);
  const recorder = new Recorder(null);
  try {
    const startedAt = frames[0]?.ts ?? Date.now();
    const session = {
      id: randomUUID(),
      name: 'mcpscope call',
      target,
      protocolVersion,
      startedAt,
      endedAt: frames.at(-1)?.ts ?? startedAt,
      status: 'stopped' as const,
      pid: null,
      exitCode: null,
      signal: null,
      lastSeq: frames.length,
    };
    recorder.saveSession(session);
    for (const f of frames) recorder.append(session.id, f);
    recorder.flush();
    const out = createWriteStream(file);
    const done = new Promise<void>((resolve, reject) => {
      out.once('finish', resolve);
      out.once('error', reject);
    });
    const db = recorder.db;
    const trailer = await writeBundle(
      {
        recorder,
        archive: new SessionArchive(db),
        profiles: new ProfileStore(db, new SecretStore(null)),
        version,
        session: { ...session, live: false, handshakePending: false },
        givenTarget: target,
      },
      new TextSink(out),
    );
    await done;
    return trailer.frames;
  } finally {
    recorder.close();
  }
}
