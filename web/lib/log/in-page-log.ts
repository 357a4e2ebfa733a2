// The log of a session the page holds whole: rows are the in-memory filtered list, pairs and findings come from the
// page's own pairing and linter, which see every frame as it arrives.
import type { Finding } from '../../../shared/lint/index.js';
import type { RelayHttp } from '../relay/relay-http.js';
import type { FrameEntry } from './frame-entry.js';
import type { FrameFilter } from './frame-filter.js';
import type { FrameFindingsReader } from './frame-findings.js';
import type { FrameLinksReader } from './frame-links.js';
import type { FindingsOverview, LogRows, LogSource } from './log-source.js';
import { indexOfSeq } from './seq-index.js';
import type { ErrorContextAt } from './session-findings.js';
import type { SessionLog } from './session-log.js';

/** The rows of an in-memory, seq-ordered list. */
function listRows(list: readonly FrameEntry[]): LogRows {
  return { count: list.length, rowAt: (i) => list[i], indexOfSeq: (seq) => indexOfSeq(list, seq), pending: false };
}

/** The frame's exact bytes from the relay's store, whichever way the page holds the log. */
async function frameDownload(http: RelayHttp, sessionId: string, entry: FrameEntry) {
  return http.call('frameBytes', { params: { id: sessionId, seq: entry.frame.seq } });
}

/** For a log with no relay behind it (tests of the in-memory log): a call fails like an unreachable relay. */
const offline: RelayHttp = {
  call: () => Promise.reject(new Error('no relay: this log was made without one')),
};

export class InPageLog implements LogSource {
  constructor(
    protected readonly log: SessionLog,
    protected readonly sessionId: string,
    protected readonly http: RelayHttp = offline,
  ) {}

  get total(): number {
    return this.log.entries.length;
  }

  get held(): readonly FrameEntry[] {
    return this.log.entries;
  }

  get foldedKeepAlives(): number {
    return this.log.foldedKeepAlives;
  }

  rows(filter: FrameFilter): LogRows {
    return listRows(this.log.filtered(filter));
  }

  frame(seq: number): FrameEntry | undefined {
    return this.log.bySeq(seq);
  }

  load(_seqs: readonly number[]): void {
    // Every frame of the session is already here.
  }

  pairOf(entry: FrameEntry): FrameEntry | undefined {
    return this.log.pairOf(entry);
  }

  async fullText(entry: FrameEntry): Promise<string> {
    return entry.frame.text;
  }

  download(entry: FrameEntry) {
    return frameDownload(this.http, this.sessionId, entry);
  }

  findings(): FindingsOverview {
    const { findings } = this.log;
    return {
      total: findings.all.length,
      counts: findings.countBySeverity(),
      groups: findings.ruleGroups(),
      ready: findings.configured,
      progress: null,
      unlisted: null,
    };
  }

  get frameFindings(): FrameFindingsReader {
    return this.log.findings.frames;
  }

  get frameLinks(): FrameLinksReader {
    return this.log.links;
  }

  pendingAt(now: number, afterMs: number): Finding[] {
    return this.log.findings.pendingAt(now, afterMs);
  }

  errorContextOf(seq: number): ErrorContextAt | undefined {
    return this.log.findings.errorContextOf(seq);
  }

  get protocolVersion(): string | null {
    return this.log.findings.protocolVersion;
  }

  httpStatusOf(seq: number): number | undefined {
    return this.log.findings.httpStatusOf(seq);
  }

  methods(): string[] {
    return this.log.methods;
  }

  watch(): () => void {
    return () => undefined;
  }
}
