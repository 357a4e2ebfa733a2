// Imports a bundle as a new read-only session: the header becomes the session row, the transcript its frames.
// Frames go through the recorder's batched inserts as they are read, so a big bundle is never held whole.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { BundleError } from '../../shared/bundle/bundle-reader.js';
import type { BundleHeader, BundleTrailer } from '../../shared/bundle/bundle-format.js';
import type { SessionArchive } from '../store/archive/session-archive.js';
import type { Recorder } from '../store/recorder.js';
import { bundleEvents } from './bundle-stream.js';

export interface ImportResult {
  sessionId: string;
  header: BundleHeader;
  trailer: BundleTrailer | null;
  frames: number;
}

export async function importBundle(input: Readable, recorder: Recorder, archive: SessionArchive): Promise<ImportResult> {
  const sessionId = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  let header: BundleHeader | null = null;
  let trailer: BundleTrailer | null = null;
  let frames = 0;
  let lastSeq = 0;
  try {
    for await (const ev of bundleEvents(input)) {
      if (ev.type === 'header') {
        header = ev.header;
        const h = ev.header.session;
        // A bundle is a finished recording, whatever state the session was in when it was exported.
        const status = h.status === 'running' || h.status === 'starting' || h.status === 'stdout-closed' ? 'stopped' : h.status;
        recorder.saveSession({
          id: sessionId,
          name: h.name,
          target: ev.header.target,
          protocolVersion: h.protocolVersion,
          startedAt: h.startedAt,
          endedAt: h.endedAt ?? h.startedAt,
          status,
          pid: null,
          exitCode: h.exitCode,
          signal: h.signal,
          lastSeq: 0,
        });
        archive.setMeta(sessionId, {
          origin: 'imported',
          importedFrom: {
            environment: ev.header.environment,
            exportedAt: ev.header.exportedAt,
            sessionId: h.id,
            ...(ev.header.origin ? { origin: ev.header.origin } : {}),
          },
        });
        archive.setTags(sessionId, h.tags);
      } else if (ev.type === 'frame') {
        if (!header) throw new BundleError('frames before the header');
        if (ev.frame.seq <= lastSeq) throw new BundleError(`frame seq ${ev.frame.seq} is out of order`);
        lastSeq = ev.frame.seq;
        recorder.append(sessionId, ev.frame);
        frames++;
      } else if (ev.type === 'trailer') trailer = ev.trailer;
    }
    if (!header) throw new BundleError('the bundle has no header');
    recorder.flush();
    const stored = recorder.getSession(sessionId)!;
    recorder.saveSession({ ...stored, lastSeq });
    return { sessionId, header, trailer, frames };
  } catch (err) {
    recorder.flush();
    archive.deleteSession(sessionId);
    throw err;
  }
}
