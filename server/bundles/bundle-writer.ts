// Streams a session (or a range of its frames) as a repro bundle: recipe, negotiation, client frames with timing, the
// transcript and its findings, with secrets redacted throughout. Frames are read one at a time and written as they come.
import { bundleClosing, bundleOpening, sectionClosing, sectionItem, sectionOpening } from '../../shared/bundle/bundle-layout.js';
import type { BundleHeader, BundleTrailer } from '../../shared/bundle/bundle-format.js';
import { negotiationOf } from '../../shared/bundle/negotiation.js';
import { JsonSchemaValidator, Linter, lintTransport } from '../../shared/lint/index.js';
import { redactTarget } from '../../shared/redaction/redact-target.js';
import type { SessionInfo, Target } from '../../shared/relay-protocol.js';
import { iterateFrames } from '../store/archive/frame-cursor.js';
import type { ProfileStore } from '../store/archive/profile-store.js';
import type { SessionArchive } from '../store/archive/session-archive.js';
import type { Recorder } from '../store/recorder.js';
import { bundleEnvironment } from './environment.js';
import { FindingSpill } from './finding-spill.js';
import { portableRecipe, spawnedCwd } from './portable-recipe.js';
import { redactFrame, sessionSecrets } from './session-secrets.js';
import type { TextSink } from './text-sink.js';

export interface BundleSource {
  recorder: Recorder;
  archive: SessionArchive;
  profiles: ProfileStore;
  version: string;
  session: SessionInfo;
  /** The session's target as started, secrets included, when this relay run started it. */
  givenTarget?: Target | null;
  fromSeq?: number;
  toSeq?: number | null;
}

export async function writeBundle(src: BundleSource, sink: TextSink): Promise<BundleTrailer> {
  const { recorder, archive, session } = src;
  const range = { fromSeq: src.fromSeq ?? 0, toSeq: src.toSeq ?? null };
  const { redactor, markedEnv } = sessionSecrets(archive, src.profiles, session.id, session.target, src.givenTarget ?? null);
  const base = session.target.transport === 'stdio' ? (session.target.cwd ?? (await spawnedCwd(recorder, session.id))) : null;
  const portable = portableRecipe(session.target, base);
  const recipe = redactTarget(portable.target, redactor, markedEnv);
  const neg = archive.negotiationFrames(session.id);
  const meta = archive.meta(session.id);
  const imported = (meta.importedFrom as { environment?: BundleHeader['environment'] } | null)?.environment;
  const header: BundleHeader = {
    exportedAt: new Date().toISOString(),
    environment: bundleEnvironment(src.version),
    session: {
      id: session.id,
      name: redactor.text(session.name),
      tags: archive.tags(session.id),
      status: session.status,
      protocolVersion: session.protocolVersion,
      startedAt: session.startedAt,
      endedAt: session.endedAt,
      exitCode: session.exitCode,
      signal: session.signal,
      lastSeq: session.lastSeq,
    },
    target: recipe.target,
    ...(portable.origin ? { origin: { ...portable.origin, cwd: redactor.text(portable.origin.cwd), command: redactor.text(portable.origin.command) } } : {}),
    negotiated: redactor.json(negotiationOf(neg.request, neg.answer)),
    range,
    redacted: recipe.removed,
    ...(imported ? { importedFrom: imported } : {}),
  };
  await sink.write(bundleOpening(header));

  let clientFrames = 0;
  await sink.write(sectionOpening('clientFrames'));
  for await (const f of iterateFrames(recorder, session.id, { ...range, dir: 'out' })) {
    const r = redactFrame(f, redactor);
    const item = {
      seq: r.seq,
      offsetMs: Math.max(0, r.ts - session.startedAt),
      text: r.text,
      ...(r.b64 ? { b64: r.b64 } : {}),
      ...(r.origin ? { origin: r.origin } : {}),
    };
    await sink.write(sectionItem(item, clientFrames++ === 0));
  }
  await sink.write(sectionClosing());

  const linter = new Linter({
    transport: lintTransport(session.target),
    protocolVersion: session.protocolVersion,
    jsonSchemaValidator: new JsonSchemaValidator(),
  });
  // Findings follow the transcript in the file; the spill keeps them on disk past a few thousand, so none is dropped.
  const findings = new FindingSpill();
  let frames = 0;
  try {
    await sink.write(sectionOpening('transcript'));
    for await (const f of iterateFrames(recorder, session.id, range)) {
      await findings.add(linter.push(f));
      await sink.write(sectionItem(redactFrame(f, redactor), frames++ === 0));
    }
    await findings.add(linter.finish());
    await sink.write(sectionClosing());

    await sink.write(sectionOpening('findings'));
    let i = 0;
    for await (const f of findings.all()) await sink.write(sectionItem({ ...f, message: redactor.text(f.message) }, i++ === 0));
    await sink.write(sectionClosing());
  } finally {
    findings.dispose();
  }

  const trailer: BundleTrailer = { frames, clientFrames, findings: findings.count, redactions: redactor.count };
  await sink.write(bundleClosing(trailer));
  await sink.end();
  return trailer;
}
