// A session's numbers for the history page: frames and bytes by direction and kind, timing, negotiation and findings.
import { negotiationOf } from '../../../shared/bundle/negotiation.js';
import type { FindingCounts, SessionStats } from '../../../shared/archive-api.js';
import { JsonSchemaValidator, Linter, lintTransport, type Finding } from '../../../shared/lint/index.js';
import type { SessionInfo } from '../../../shared/relay-protocol.js';
import type { Recorder } from '../recorder.js';
import { iterateFrames } from './frame-cursor.js';
import type { SessionArchive } from './session-archive.js';

/** Linting is a pass over every frame; past this many the stats count the first ones only and say so. */
export const LINT_FRAME_CAP = 200_000;

interface LintCounts {
  counts: FindingCounts;
  linted: number;
}

const cache = new Map<string, LintCounts>();

export function countFindings(
  findings: readonly Pick<Finding, 'severity'>[],
  into: FindingCounts = { total: 0, error: 0, warning: 0, info: 0 },
): FindingCounts {
  for (const f of findings) {
    into.total++;
    into[f.severity]++;
  }
  return into;
}

async function lintCounts(recorder: Recorder, info: SessionInfo, cap: number): Promise<LintCounts> {
  const key = `${info.id}@${info.lastSeq}@${cap}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const linter = new Linter({ transport: lintTransport(info.target), protocolVersion: info.protocolVersion, jsonSchemaValidator: new JsonSchemaValidator() });
  const counts: FindingCounts = { total: 0, error: 0, warning: 0, info: 0 };
  let linted = 0;
  for await (const f of iterateFrames(recorder, info.id)) {
    if (linted === cap) break;
    countFindings(linter.push(f), counts);
    linted++;
  }
  countFindings(linter.finish(), counts);
  const result = { counts, linted };
  if (cache.size > 100) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}

export async function sessionStats(recorder: Recorder, archive: SessionArchive, info: SessionInfo, cap: number = LINT_FRAME_CAP): Promise<SessionStats> {
  recorder.flush();
  const rows = archive.counts(info.id);
  const byDir: Record<string, number> = {};
  const byKind: Record<string, number> = {};
  let frames = 0;
  let bytes = 0;
  let first: number | null = null;
  let last: number | null = null;
  let clientRequests = 0;
  let errorResponses = 0;
  for (const r of rows) {
    frames += r.n;
    bytes += r.bytes;
    byDir[r.dir] = (byDir[r.dir] ?? 0) + r.n;
    byKind[r.kind] = (byKind[r.kind] ?? 0) + r.n;
    if (r.dir === 'out' && r.kind === 'request') clientRequests += r.n;
    if (r.dir === 'in' && r.kind === 'error') errorResponses += r.n;
    first = first === null ? r.first : Math.min(first, r.first);
    last = last === null ? r.last : Math.max(last, r.last);
  }
  const { request, answer } = archive.negotiationFrames(info.id);
  const lint = await lintCounts(recorder, info, cap);
  const truncated = lint.linted < frames;
  return {
    frames,
    bytes,
    byDir,
    byKind,
    clientRequests,
    errorResponses,
    firstTs: first,
    lastTs: last,
    durationMs: first !== null && last !== null ? last - first : null,
    negotiated: negotiationOf(request, answer),
    findings: lint.counts,
    lintedFrames: lint.linted,
    findingsTruncated: truncated,
    findingsNote: truncated ? `the first ${lint.linted} of ${frames} frames only; a bundle's findings, or mcpscope lint on it, cover them all` : null,
  };
}
