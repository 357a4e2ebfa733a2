// The recorder's SQLite schema and its migrations, keyed on PRAGMA user_version so old data dirs upgrade in place.
import type Database from 'better-sqlite3';

const MIGRATIONS: string[] = [
  // 1: sessions and frames. Frames keep the exact bytes in `raw` only when they were not valid UTF-8.
  `CREATE TABLE sessions (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     target TEXT NOT NULL,
     protocol_version TEXT NOT NULL,
     started_at REAL NOT NULL,
     ended_at REAL,
     status TEXT NOT NULL,
     pid INTEGER,
     exit_code INTEGER,
     signal TEXT,
     last_seq INTEGER NOT NULL DEFAULT 0
   );
   CREATE TABLE frames (
     session_id TEXT NOT NULL,
     seq INTEGER NOT NULL,
     ts REAL NOT NULL,
     dir TEXT NOT NULL,
     kind TEXT NOT NULL,
     text TEXT NOT NULL,
     size INTEGER NOT NULL,
     method TEXT,
     rpc_id TEXT,
     raw BLOB,
     PRIMARY KEY (session_id, seq)
   ) WITHOUT ROWID;
   CREATE INDEX frames_by_method ON frames (session_id, method);`,
  // 2: session tags and metadata (origin, profile, secret env names), and saved server profiles.
  `CREATE TABLE session_tags (
     session_id TEXT NOT NULL,
     tag TEXT NOT NULL,
     PRIMARY KEY (session_id, tag)
   ) WITHOUT ROWID;
   CREATE INDEX session_tags_by_tag ON session_tags (tag);
   CREATE TABLE session_meta (
     session_id TEXT PRIMARY KEY,
     origin TEXT NOT NULL DEFAULT 'recorded',
     profile_id TEXT,
     secret_env TEXT NOT NULL DEFAULT '[]',
     imported_from TEXT
   );
   CREATE TABLE profiles (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     data TEXT NOT NULL,
     created_at REAL NOT NULL,
     updated_at REAL NOT NULL
   );`,
  // 3: windowed reads pair a frame with its request or response by id, and find the requests of a method (whose
  // responses a method filter also shows), without scanning the session. Both are partial: most frames of a flood
  // carry no id and are no request.
  `CREATE INDEX frames_by_rpc_id ON frames (session_id, rpc_id) WHERE rpc_id IS NOT NULL;
   CREATE INDEX frames_requests ON frames (session_id, method, rpc_id) WHERE kind = 'request';`,
  // 4: lint findings of sessions too large for the page to lint (store/recorder-lint.ts). `n` orders a frame's
  // findings; at most a capped number are stored per session, while finding_counts keeps every rule's exact count.
  `CREATE TABLE findings (
     session_id TEXT NOT NULL,
     seq INTEGER NOT NULL,
     n INTEGER NOT NULL,
     rule_id TEXT NOT NULL,
     severity TEXT NOT NULL,
     message TEXT NOT NULL,
     related TEXT NOT NULL,
     PRIMARY KEY (session_id, seq, n)
   ) WITHOUT ROWID;
   CREATE INDEX findings_by_rule ON findings (session_id, rule_id, seq);
   CREATE TABLE finding_counts (
     session_id TEXT NOT NULL,
     rule_id TEXT NOT NULL,
     severity TEXT NOT NULL,
     count INTEGER NOT NULL,
     PRIMARY KEY (session_id, rule_id)
   ) WITHOUT ROWID;
   CREATE TABLE lint_progress (
     session_id TEXT PRIMARY KEY,
     linted_to INTEGER NOT NULL,
     stored INTEGER NOT NULL,
     dropped INTEGER NOT NULL,
     finished INTEGER NOT NULL
   );`,
  // 5: frames key on a small integer per session (session_keys) instead of the session's text id, so every frame row
  // and index entry carries two integers where it carried a 17-character string, and a flood appends at the right
  // edge of each B-tree. Sessions keep their text id everywhere else (API, tags, findings). The rebuild copies the
  // frames once, in key order; frames of a session id with no sessions row keep a key too, so nothing is lost.
  `CREATE TABLE session_keys (
     sk INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE
   );
   INSERT INTO session_keys (id) SELECT id FROM sessions ORDER BY started_at, id;
   INSERT OR IGNORE INTO session_keys (id) SELECT DISTINCT session_id FROM frames;
   CREATE TABLE frames_v5 (
     sk INTEGER NOT NULL,
     seq INTEGER NOT NULL,
     ts REAL NOT NULL,
     dir TEXT NOT NULL,
     kind TEXT NOT NULL,
     text TEXT NOT NULL,
     size INTEGER NOT NULL,
     method TEXT,
     rpc_id TEXT,
     raw BLOB,
     PRIMARY KEY (sk, seq)
   ) WITHOUT ROWID;
   INSERT INTO frames_v5 (sk, seq, ts, dir, kind, text, size, method, rpc_id, raw)
     SELECT k.sk, f.seq, f.ts, f.dir, f.kind, f.text, f.size, f.method, f.rpc_id, f.raw
     FROM frames f JOIN session_keys k ON k.id = f.session_id ORDER BY k.sk, f.seq;
   DROP TABLE frames;
   ALTER TABLE frames_v5 RENAME TO frames;
   CREATE INDEX frames_by_method ON frames (sk, method);
   CREATE INDEX frames_by_rpc_id ON frames (sk, rpc_id) WHERE rpc_id IS NOT NULL;
   CREATE INDEX frames_requests ON frames (sk, method, rpc_id) WHERE kind = 'request';`,
  // 6: who made each outgoing frame (shared/frame-origin.ts; null for server frames and older recordings), and the
  // session a fault-lab scratch session was started for.
  `ALTER TABLE frames ADD COLUMN origin TEXT;
   ALTER TABLE session_meta ADD COLUMN scratch_for TEXT;`,
  // 7: how far each session's trigram index of its texts has come (store/text-index.ts; the index itself is one FTS5
  // table per session, text_index_<sk>, made when the background lint pass first indexes it).
  `CREATE TABLE text_index (
     sk INTEGER PRIMARY KEY,
     indexed_to INTEGER NOT NULL
   );`,
  // 8: per-block counts the same pass keeps up to text_index.indexed_to (store/block-counts.ts): by direction, kind and
  // method, and by each one- and two-character substring of the texts. Indexes built before have no counts beside
  // them, so their progress is forgotten and the pass builds both again (text-index.ts drops a table with no progress).
  `CREATE TABLE facet_blocks (
     sk INTEGER NOT NULL,
     block INTEGER NOT NULL,
     dir TEXT NOT NULL,
     kind TEXT NOT NULL,
     own TEXT NOT NULL,
     ans TEXT NOT NULL,
     n INTEGER NOT NULL,
     PRIMARY KEY (sk, block, dir, kind, own, ans)
   ) WITHOUT ROWID;
   CREATE TABLE gram_blocks (
     sk INTEGER NOT NULL,
     gram TEXT NOT NULL,
     block INTEGER NOT NULL,
     n INTEGER NOT NULL,
     PRIMARY KEY (sk, gram, block)
   ) WITHOUT ROWID;
   DELETE FROM text_index;`,
  // 9: the start and end every frame of a block shares (store/shared-ends.ts), kept by the same pass; as with 8, the
  // pass builds the index and its counts again so that every indexed block has them.
  `CREATE TABLE end_blocks (
     sk INTEGER NOT NULL,
     block INTEGER NOT NULL,
     n INTEGER NOT NULL,
     head TEXT NOT NULL,
     tail TEXT NOT NULL,
     PRIMARY KEY (sk, block)
   ) WITHOUT ROWID;
   DELETE FROM text_index;`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * A new store's page size: 16 KB, where SQLite's default is 4 KB. A frame row (about 200 bytes in a flood) lives whole
 * in the frames B-tree, interior pages included (WITHOUT ROWID), so 4 KB pages fan out about 20 ways; and the WAL is
 * checkpointed every 1,000 pages, 16 MB instead of 4 MB. The writer thread alone, a million frames into a fresh store
 * (`node bench/writer-start.mjs --n 1000000 --per 1000 --marks 100000,300000,600000 --b page_size=16384`, three pairs):
 * 0.78–0.84× the CPU a frame past the first 100,000. Both halves count: 16 KB pages checkpointed at 4 MB cost
 * 1.28–1.46× what they cost at 16 MB, and 4 KB pages checkpointed at 16 MB gave only 0.94–0.97×. Cache sizes are in
 * bytes, so they hold the same memory. docs/performance.md has the runs.
 */
export const PAGE_SIZE = 16384;

/**
 * How every connection that writes the store runs: WAL, so readers (scan threads, exports, the lint thread) never
 * block the recorder nor it them; synchronous NORMAL, which in WAL mode loses no committed frame when the relay
 * crashes (only a power cut can lose the last commits); a page cache large enough for the right edges of the frame
 * B-trees and a page of reads. Several writers (the lint thread; later several processes recording into one store)
 * queue on SQLite's write lock for up to better-sqlite3's default 5 s busy timeout instead of failing.
 *
 * `fresh`: the file is new and empty. Its journal mode is switched and its schema written without a sync to disk
 * (synchronous OFF): six syncs cost a start 20–30 ms before its ready line on the test machine, more on a disk busy
 * with other writes (docs/performance.md, "Start, round 4"). A power cut in those milliseconds, before the kernel
 * writes the pages back, could leave a store that holds nothing yet unreadable. The caller turns syncs back on
 * (`synced`) once the schema is there.
 */
export function configure(db: Database.Database, { fresh = false } = {}): void {
  // Takes effect only while the file is empty (a new store); an existing store keeps its page size.
  db.pragma(`page_size = ${PAGE_SIZE}`);
  if (fresh) db.pragma('synchronous = OFF');
  db.pragma('journal_mode = WAL');
  if (!fresh) synced(db);
  db.pragma('cache_size = -16384');
  db.pragma('temp_store = MEMORY');
}

/** Every commit of the write-ahead log is durable at the next checkpoint (WAL's NORMAL), as every writer has it. */
export function synced(db: Database.Database): void {
  db.pragma('synchronous = NORMAL');
}

/**
 * The writer thread's connection (frame-writer-worker.ts): configured as every writer, but with a page cache of 2 MB.
 * It only appends (the relay's own connection serves reads), so it needs the right edges of the frame B-trees and a
 * batch's dirty pages (a batch holds at most about 1 MB of text), not the 16 MB a reading connection keeps: filling
 * 16 MB with freshly allocated pages cost the thread about a quarter of its CPU a frame over a fresh store's first
 * 100,000 frames (`node bench/writer-start.mjs`: 7.0–7.8 against 5.2–5.9 µs, cold processes, interleaved), and gave
 * nothing back at a million.
 */
export function configureWriter(db: Database.Database): void {
  configure(db);
  db.pragma('cache_size = -2048');
}

/** `upTo` stops early, so a test can build a data dir exactly as an older mcpscope left it. */
export function migrate(db: Database.Database, upTo: number = SCHEMA_VERSION): void {
  const version = () => db.pragma('user_version', { simple: true }) as number;
  const check = (current: number) => {
    if (current > SCHEMA_VERSION) throw new Error(`the data dir was written by a newer mcpscope (schema ${current} > ${SCHEMA_VERSION})`);
  };
  check(version());
  if (version() >= upTo) return;
  // Several processes may open one store at once (the inspector and taps): each migration step takes the write lock
  // first (BEGIN IMMEDIATE) and reads the version under it, so a step another process just made is never made twice.
  for (;;) {
    const done = db
      .transaction(() => {
        const v = version();
        check(v);
        if (v >= upTo) return true;
        db.exec(MIGRATIONS[v]!);
        db.pragma(`user_version = ${v + 1}`);
        return false;
      })
      .immediate();
    if (done) return;
  }
}
