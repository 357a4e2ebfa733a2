// Turns a probe of a batch into the builder's results: per-element responses with latency, leftovers, and a verdict.
import { correlateBatch, type BatchCorrelation } from '../../../shared/correlate-batch.js';
import { answersIn, gradeBatchForVersion, gradeFault, type BatchGradeOptions, type FaultVerdict } from '../../../shared/fault-lab/index.js';
import { parseJson } from '../../../shared/jsonrpc.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import type { ProbeResult } from '../../lib/mcp/send-probe.js';

export interface BatchOutcome {
  correlation: BatchCorrelation | null;
  /** Latency per element index: the frame that carried its response, minus the sent frame's time. */
  latencyMs: Map<number, number>;
  /** Seq of the reply frame per element index, to show it in the log. */
  replySeq: Map<number, number>;
  verdict: FaultVerdict;
  sentSeq: number;
}

function carrier(entries: readonly FrameEntry[], response: unknown): FrameEntry | undefined {
  return entries.find((e) => e.value === response || (Array.isArray(e.value) && e.value.includes(response)));
}

export function batchOutcome(probe: ProbeResult, sentAt: number | null, version: string | null, opts: BatchGradeOptions = {}): BatchOutcome {
  const answers = answersIn(probe.replies);
  const parsed = parseJson(probe.sentText);
  const latencyMs = new Map<number, number>();
  const replySeq = new Map<number, number>();
  if (!parsed.ok || !Array.isArray(parsed.value)) {
    const verdict = gradeFault({ kind: 'error', codes: [-32700], nullId: true }, probe.sentText, probe.replies, { refusal: probe.refusal });
    return { correlation: null, latencyMs, replySeq, verdict, sentSeq: probe.sentSeq };
  }
  const correlation = correlateBatch(parsed.value, answers);
  for (const el of correlation.elements) {
    const frame = el.response === undefined ? undefined : carrier(probe.entries, el.response);
    if (!frame) continue;
    replySeq.set(el.index, frame.frame.seq);
    if (sentAt !== null) latencyMs.set(el.index, frame.frame.ts - sentAt);
  }
  const verdict = gradeBatchForVersion(parsed.value, answers, version, { ...opts, refusal: probe.refusal });
  if (probe.exited) verdict.explanation += ' The server exited during the wait.';
  return { correlation, latencyMs, replySeq, verdict, sentSeq: probe.sentSeq };
}
