// Windowed frame reads for the log of a huge session: a filter's match counts per block, a page of frames from a
// position, and one frame: its head with its pair, or in full (what Expand and Download fetch). Token-protected like every /api route.
import express, { type Request, type Router } from 'express';
import { FRAME_KINDS, type FrameKind } from '../../shared/jsonrpc.js';
import { RelayError } from '../errors.js';
import type { WindowFilter, WindowFrame } from '../../shared/frame-window-api.js';
import { FrameWindowReader } from '../recorder-window.js';
import { RecorderLint } from '../recorder-lint.js';
import { lintTransport } from '../../shared/lint/index.js';
import { PARALLEL_SCAN_FROM, WindowScanPool } from '../window-scan-pool.js';
import type { SessionManager } from '../session-manager.js';
import { attachment, fileStem, param } from './route-context.js';

const MAX_PAGE = 500;
const DIRS = new Set(['in', 'out', 'relay']);

function query(req: Request, name: string): string | undefined {
  const v = req.query[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function whole(req: Request, name: string, fallback: number): number {
  const raw = query(req, name);
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new RelayError('BAD_REQUEST', `${name} must be a whole number`);
  return n;
}

/** The filter from `text`, `method`, `dir` and `kinds` (comma-separated); unknown values are refused, not ignored. */
export function windowFilter(req: Request): WindowFilter {
  const f: WindowFilter = {};
  const text = query(req, 'text');
  const method = query(req, 'method');
  const dir = query(req, 'dir');
  const kinds = query(req, 'kinds');
  const findings = query(req, 'findings');
  if (findings !== undefined && findings !== '1') throw new RelayError('BAD_REQUEST', 'findings must be 1');
  if (findings) f.findings = true;
  const hide = query(req, 'hideBookkeeping');
  if (hide !== undefined && hide !== '1') throw new RelayError('BAD_REQUEST', 'hideBookkeeping must be 1');
  if (hide) f.hideBookkeeping = true;
  if (text) f.text = text;
  if (method) f.method = method;
  if (dir) {
    if (!DIRS.has(dir)) throw new RelayError('BAD_REQUEST', `dir must be in, out or relay`);
    f.dir = dir as WindowFilter['dir'] & string;
  }
  if (kinds) {
    const list = kinds.split(',');
    const bad = list.filter((k) => !(FRAME_KINDS as readonly string[]).includes(k));
    if (bad.length > 0) throw new RelayError('BAD_REQUEST', `unknown kind ${bad.join(', ')}`);
    f.kinds = list as FrameKind[];
  }
  return f;
}

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
    () => sessions.recorder.lastReadAt,
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
  const known = (req: Request): string => {
    const id = param(req, 'id');
    // Every windowed read but the findings summary (which the page polls) holds the background lint back a moment.
    if (!req.path.endsWith('/findings-summary')) lint.touch();
    if (!sessions.exists(id)) throw new RelayError('NOT_FOUND', `no session ${id}`);
    sessions.recorder.flush();
    return id;
  };

  router.get('/sessions/:id/frame-index', async (req, res) => {
    const id = known(req);
    const filter = windowFilter(req);
    if (filter.findings) startLint(id);
    const lastSeq = reader.lastSeq(id);
    // A large session's filter is counted on the scan threads: a text filter reads every frame, and even a method
    // filter walks an index entry per frame; split in two, each takes about half as long, off the relay's thread.
    res.json(pool && lastSeq >= PARALLEL_SCAN_FROM ? await pool.index(id, filter, lastSeq) : reader.index(id, filter));
  });

  router.get('/sessions/:id/frame-page', (req, res) => {
    const id = known(req);
    const fromSeq = whole(req, 'fromSeq', 1);
    const toSeq = whole(req, 'toSeq', Number.MAX_SAFE_INTEGER);
    const skip = whole(req, 'skip', 0);
    const limit = whole(req, 'limit', 100);
    if (limit < 1 || limit > MAX_PAGE) throw new RelayError('BAD_REQUEST', `limit must be 1 to ${MAX_PAGE}`);
    res.json({ frames: withFindings(id, reader.page(id, fromSeq, toSeq, skip, limit, windowFilter(req))) });
  });

  // The distinct methods of the whole session (one index seek each), for the method filter's suggestions.
  router.get('/sessions/:id/methods', (req, res) => {
    res.json({ methods: reader.messageMethods(known(req)) });
  });

  // The relay's lint of the whole session grouped by rule, for the Findings tab of a session the page holds in part.
  router.get('/sessions/:id/findings-summary', (req, res) => {
    const id = known(req);
    startLint(id);
    res.json(lint.summary(id, reader.lastSeq(id)));
  });

  router.get('/sessions/:id/frames/:seq', (req, res) => {
    const id = known(req);
    const seq = Number(param(req, 'seq'));
    if (!Number.isInteger(seq) || seq < 1) throw new RelayError('BAD_REQUEST', 'seq must be a positive whole number');
    const frame = reader.frame(id, seq);
    if (!frame) throw new RelayError('NOT_FOUND', `no frame ${seq} in session ${id}`);
    if (req.query.full === undefined && req.query.download === undefined) {
      // By default the frame's head with its pair, like a page row: Expand and Download ask for the rest.
      res.json(withFindings(id, reader.page(id, seq, seq + 1, 0, 1, {}))[0]);
      return;
    }
    if (req.query.download !== undefined) {
      // The exact bytes the wire carried, so a download of a frame that was not valid UTF-8 is not altered.
      attachment(res, `${fileStem(sessions.info(id).name, id)}-${seq}.json`, 'application/octet-stream');
      res.send(frame.b64 !== undefined ? Buffer.from(frame.b64, 'base64') : Buffer.from(frame.text, 'utf8'));
      return;
    }
    res.json(frame);
  });
  return router;
}
