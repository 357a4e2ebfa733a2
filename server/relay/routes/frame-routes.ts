// Windowed frame reads for the log of a huge session: a filter's match counts per block, a page of frames from a
// position, and one frame: its head with its pair, or in full (what Expand and Download fetch). Token-protected like every /api route.
import express, { type Request, type Router } from 'express';
import { RelayError } from '../../errors.js';
import { windowFilterOf, type WindowFrame } from '../../../shared/frame-window-api.js';
import { RELAY_ROUTES as R } from '../../../shared/relay-routes.js';
import { FrameWindowReader } from '../../store/recorder-window.js';
import { RecorderLint } from '../../store/recorder-lint.js';
import { lintTransport } from '../../../shared/lint/lint-transport.js';
import { PARALLEL_SCAN_FROM, WindowScanPool } from '../../store/window-scan-pool.js';
import type { SessionManager } from '../session-manager.js';
import { attachment, fileStem } from './route-context.js';
import { serveRoute } from './serve-route.js';

export function frameRoutes(sessions: SessionManager): Router {
  const router = express.Router();
  const reader = new FrameWindowReader(sessions.recorder.db);
  // An in-memory store (tests) cannot be opened by a second connection: it scans on the relay's thread.
  const db = sessions.recorder.db;
  const pool = db.memory ? null : new WindowScanPool(db.name);
  const lint = new RecorderLint(
    db,
    (id) => {
      const info = sessions.info(id);
      return { options: { transport: lintTransport(info.target), protocolVersion: info.protocolVersion }, ended: !info.live };
    },
    () => sessions.recorder.flush(),
    undefined,
    () => sessions.recorder.background.heldTo,
  );
  // The lint runs in the background; a failure (a session deleted meanwhile) must not become an unhandled rejection.
  const startLint = (id: string): void => void lint.ensure(id).catch(() => undefined);
  const withFindings = (id: string, frames: WindowFrame[]): WindowFrame[] => {
    startLint(id);
    const found = lint.findingsOf(
      id,
      frames.map((f) => f.seq),
    );
    for (const f of frames) {
      const list = found.get(f.seq);
      if (list) f.findings = list;
    }
    return frames;
  };
  const known = (req: Request, id: string): string => {
    // Every windowed read but the findings summary (which the page polls) holds the background lint back a moment.
    if (!req.path.endsWith('/findings-summary')) lint.touch();
    if (!sessions.exists(id)) throw new RelayError('NOT_FOUND', `no session ${id}`);
    sessions.recorder.flush();
    return id;
  };

  serveRoute(router, R.frameIndex, async ({ params, query }, req) => {
    const id = known(req, params.id);
    const filter = windowFilterOf(query);
    if (filter.findings) startLint(id);
    // The first matches only, from the start and time-boxed, on this thread: the page shows them while it waits for the whole count.
    if (query.first !== undefined) return reader.firstIndex(id, filter, query.first);
    const lastSeq = reader.lastSeq(id);
    // A large session's filter is counted on the scan threads: a text filter reads every frame, and even a method
    // filter walks an index entry per frame; split in two, each takes about half as long, off the relay's thread.
    // What the background pass's block counts answer is summed here, with only the frames past them read.
    return pool && reader.uncounted(id, filter, lastSeq) >= PARALLEL_SCAN_FROM ? await pool.index(id, filter, lastSeq) : reader.index(id, filter);
  });

  serveRoute(router, R.framePage, ({ params, query }, req) => {
    const id = known(req, params.id);
    const { fromSeq, toSeq, skip, limit } = query;
    return { frames: withFindings(id, reader.page(id, fromSeq, toSeq, skip, limit, windowFilterOf(query))) };
  });

  // The distinct methods of the whole session (one index seek each), for the method filter's suggestions.
  serveRoute(router, R.sessionMethods, ({ params }, req) => ({ methods: reader.messageMethods(known(req, params.id)) }));

  // The relay's lint of the whole session grouped by rule, for the Findings tab of a session the page holds in part.
  serveRoute(router, R.findingsSummary, ({ params }, req) => {
    const id = known(req, params.id);
    startLint(id);
    return lint.summary(id, reader.lastSeq(id));
  });

  const frameAt = (req: Request, params: { id: string; seq: string }) => {
    const id = known(req, params.id);
    const seq = Number(params.seq);
    if (!Number.isInteger(seq) || seq < 1) throw new RelayError('BAD_REQUEST', 'seq must be a positive whole number');
    const frame = reader.frame(id, seq);
    if (!frame) throw new RelayError('NOT_FOUND', `no frame ${seq} in session ${id}`);
    return { id, seq, frame };
  };

  // A frame's head with its pair, like a page row: Expand and Download ask for the rest.
  serveRoute(router, R.framePreview, ({ params }, req) => {
    const { id, seq } = frameAt(req, params);
    return withFindings(id, reader.page(id, seq, seq + 1, 0, 1, {}))[0]!;
  });

  serveRoute(router, R.frameFull, ({ params }, req) => frameAt(req, params).frame);

  // The exact bytes the wire carried, so a download of a frame that was not valid UTF-8 is not altered.
  serveRoute(router, R.frameBytes, ({ params }, req, res) => {
    const { id, seq, frame } = frameAt(req, params);
    attachment(res, `${fileStem(sessions.info(id).name, id)}-${seq}.json`, 'application/octet-stream');
    res.send(frame.b64 !== undefined ? Buffer.from(frame.b64, 'base64') : Buffer.from(frame.text, 'utf8'));
  });
  return router;
}
