// Streams the standalone reproductions of a session: client frames as JSONL, a shell script that pipes them into the
// stdio server, a curl script of the HTTP requests, and HAR-like JSON of the HTTP exchanges. Secrets are redacted.
import { applyExchangeProgress, HttpExchangeRecordSchema, type HttpExchange, type HttpExchangeRecord } from '../../shared/http-exchange.js';
import { parseJson } from '../../shared/jsonrpc.js';
import { redactTarget } from '../../shared/redaction/redact-target.js';
import type { FrameRecord, SessionInfo } from '../../shared/relay-protocol.js';
import type { Redactor } from '../../shared/redaction/redactor.js';
import type { ScriptInfo } from '../../shared/repro/stdio-script.js';
import { CurlScriptWriter } from '../../shared/repro/curl-script.js';
import { harClosing, harEntry, harOpening } from '../../shared/repro/har-log.js';
import { StdioScriptWriter } from '../../shared/repro/stdio-script.js';
import { iterateFrames } from '../store/archive/frame-cursor.js';
import { redactFrame, sessionSecrets } from '../bundles/session-secrets.js';
import type { BundleSource } from '../bundles/bundle-writer.js';
import type { TextSink } from '../bundles/text-sink.js';
import { RelayError } from '../errors.js';

export const REPRO_KINDS = ['client-frames.jsonl', 'stdio.sh', 'curl.sh', 'har.json'] as const;
export type ReproKind = (typeof REPRO_KINDS)[number];

/** What a bundle is written from, less the seq range: a reproduction always covers the whole session. */
export type ReproSource = Omit<BundleSource, 'fromSeq' | 'toSeq'>;

/** Refuses, before any byte is sent, a reproduction the session's transport cannot have. */
export function checkReproKind(kind: ReproKind, session: SessionInfo): void {
  const stdio = session.target.transport === 'stdio';
  if (kind === 'stdio.sh' && !stdio) throw new RelayError('BAD_REQUEST', 'a stdio script needs a stdio session; use curl.sh or har.json');
  if ((kind === 'curl.sh' || kind === 'har.json') && (stdio || session.target.transport === 'ws')) {
    throw new RelayError('BAD_REQUEST', `${kind} needs an HTTP session; use client-frames.jsonl${stdio ? ' or stdio.sh' : ''}`);
  }
}

function exchangeOf(text: string): HttpExchangeRecord | null {
  const p = parseJson(text);
  const r = p.ok ? HttpExchangeRecordSchema.safeParse(p.value) : null;
  return r?.success ? r.data : null;
}

export async function writeRepro(kind: ReproKind, src: ReproSource, sink: TextSink): Promise<void> {
  const { session } = src;
  const { redactor, markedEnv } = sessionSecrets(src.archive, src.profiles, session.id, session.target, src.givenTarget ?? null);
  const frames = () => iterateFrames(src.recorder, session.id, kind === 'client-frames.jsonl' || kind === 'stdio.sh' ? { dir: 'out' } : {});
  const info = { name: redactor.text(session.name), sessionId: session.id, startedAt: session.startedAt };
  if (kind === 'client-frames.jsonl') {
    for await (const f of frames()) {
      const r = redactFrame(f, redactor);
      if (r.b64 !== undefined) await sink.writeBytes(Buffer.concat([Buffer.from(r.b64, 'base64'), Buffer.from('\n')]));
      else await sink.write(`${r.text}\n`);
    }
  } else if (kind === 'stdio.sh') {
    const target = redactTarget(session.target, redactor, markedEnv).target;
    if (target.transport !== 'stdio') throw new RelayError('BAD_REQUEST', 'not a stdio session');
    const w = new StdioScriptWriter(target, info);
    await sink.write(w.head());
    for await (const f of frames()) {
      const r = redactFrame(f, redactor);
      await sink.write(w.frame(r.text, r.b64 === undefined ? undefined : new Uint8Array(Buffer.from(r.b64, 'base64'))));
    }
    await sink.write(w.tail());
  } else {
    await writeHttpRepro(kind, src, sink, frames, info, redactor);
  }
  await sink.end();
}

async function writeHttpRepro(
  kind: ReproKind,
  src: ReproSource,
  sink: TextSink,
  frames: () => AsyncGenerator<FrameRecord>,
  info: ScriptInfo,
  redactor: Redactor,
): Promise<void> {
  // The exchange record follows the message frame it carried; keep sent bodies only until their exchange comes by.
  const sent = new Map<number, string>();
  const bodyOf = (x: HttpExchange) => (x.sentSeq !== undefined ? (sent.get(x.sentSeq) ?? null) : null);
  const curl = kind === 'curl.sh' ? new CurlScriptWriter(info) : null;
  const open = new Map<string, HttpExchange>();
  let entries = 0;
  await sink.write(curl ? curl.head() : harOpening(src.version));
  for await (const f of frames()) {
    if (f.dir === 'out' && f.kind !== 'http') {
      sent.set(f.seq, redactor.text(f.text));
      continue;
    }
    if (f.kind !== 'http') continue;
    const x = exchangeOf(redactor.text(f.text));
    if (!x) continue;
    if (x.state === 'progress') {
      // What an open stream brought so far: kept for a stream the recording ends with, which has no final record.
      const o = open.get(x.id);
      if (o) open.set(x.id, applyExchangeProgress(o, x));
      continue;
    }
    if (curl) await sink.write(curl.exchange(x, bodyOf(x)));
    else if (x.state === 'open') open.set(x.id, x);
    else {
      open.delete(x.id);
      await sink.write(`${entries++ === 0 ? '' : ','}${JSON.stringify(harEntry(x, bodyOf(x)))}\n`);
    }
    if (x.state !== 'open' && x.sentSeq !== undefined) sent.delete(x.sentSeq);
  }
  // Streams still open when the recording ended go in as they were last seen.
  for (const x of open.values()) await sink.write(`${entries++ === 0 ? '' : ','}${JSON.stringify(harEntry(x, bodyOf(x)))}\n`);
  await sink.write(curl ? curl.tail() : harClosing());
}
