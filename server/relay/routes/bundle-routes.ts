// Repro bundles and standalone reproductions: streamed downloads, and bundle import as a read-only session.
import { Readable } from 'node:stream';
import type { Router } from 'express';
import { TextSink } from '../../bundles/text-sink.js';
import { RelayError } from '../../errors.js';
import type { ReproKind } from '../../repro/repro-writers.js';
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import { RELAY_ROUTES as R } from '../../../shared/relay-routes.js';
import { attachment, fileStem, historyEntry, streamed, type ArchiveContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

const REPRO_TYPES: Record<ReproKind, string> = {
  'client-frames.jsonl': 'application/x-ndjson; charset=utf-8',
  'stdio.sh': 'text/x-shellscript; charset=utf-8',
  'curl.sh': 'text/x-shellscript; charset=utf-8',
  'har.json': 'application/json; charset=utf-8',
};

// The bundle writer and reader and the repro writers load with the first export or import: a relay that never makes
// one does not pay for them at start-up.
export function bundleRoutes(router: Router, ctx: ArchiveContext): void {
  // What the bundle, the share file and every reproduction are written from: the store, and the secrets the relay knows
  // of this run's target, so each masks them alike.
  const bundleSource = (session: SessionInfo) => ({
    recorder: ctx.recorder,
    archive: ctx.archive,
    profiles: ctx.profiles,
    version: ctx.version,
    session,
    givenTarget: ctx.sessions.givenTarget(session.id),
  });
  serveRoute(router, R.sessionBundle, async ({ params, query: { fromSeq, toSeq } }, _req, res) => {
    const session = ctx.sessions.info(params.id);
    const { writeBundle } = await import('../../bundles/bundle-writer.js');
    attachment(res, `${fileStem(session.name, session.id)}.bundle.json`, 'application/json; charset=utf-8');
    await streamed(res, () =>
      writeBundle({ ...bundleSource(session), ...(fromSeq !== undefined ? { fromSeq } : {}), ...(toSeq !== undefined ? { toSeq } : {}) }, new TextSink(res)),
    );
  });

  serveRoute(router, R.sessionShare, async ({ params }, _req, res) => {
    const session = ctx.sessions.info(params.id);
    const { readShareTemplate, sessionBundleEvents, writeShareHtml } = await import('../../bundles/share-writer.js');
    let template: string;
    try {
      template = readShareTemplate();
    } catch (err) {
      throw new RelayError('INTERNAL', (err as Error).message);
    }
    // The same bundle as the Export bundle download (secrets the relay knows of this run included), packed into the viewer.
    attachment(res, `${fileStem(session.name, session.id)}.html`, 'text/html; charset=utf-8');
    await streamed(res, () => writeShareHtml(sessionBundleEvents(bundleSource(session)), res, template));
  });

  serveRoute(router, R.importBundle, async (_input, req) => {
    // Sent as application/octet-stream the body is still unread here: it streams into the store line by line.
    const input = req.body === undefined ? req : Readable.from([typeof req.body === 'string' ? req.body : JSON.stringify(req.body)]);
    const [{ importBundle }, { BundleError }] = await Promise.all([
      import('../../bundles/bundle-importer.js'),
      import('../../../shared/bundle/bundle-reader.js'),
    ]);
    try {
      const result = await importBundle(input, ctx.recorder, ctx.archive);
      return { session: historyEntry(ctx, result.sessionId), frames: result.frames, trailer: result.trailer };
    } catch (err) {
      if (err instanceof BundleError) throw new RelayError('BAD_REQUEST', `not a valid bundle: ${err.message}`);
      throw err;
    }
  });

  serveRoute(router, R.sessionRepro, async ({ params }, _req, res) => {
    const session = ctx.sessions.info(params.id);
    const { REPRO_KINDS, checkReproKind, writeRepro } = await import('../../repro/repro-writers.js');
    const kind = params.kind;
    if (!(REPRO_KINDS as readonly string[]).includes(kind)) throw new RelayError('NOT_FOUND', `no reproduction ${kind}; one of ${REPRO_KINDS.join(', ')}`);
    const k = kind as ReproKind;
    checkReproKind(k, session);
    attachment(res, `${fileStem(session.name, session.id)}.${k}`, REPRO_TYPES[k]);
    await streamed(res, () => writeRepro(k, bundleSource(session), new TextSink(res)));
  });
}
