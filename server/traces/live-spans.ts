// Live --otlp: a session's exchanges become spans as they are answered, not when the session ends. Each frame feeds the
// shared exchange builder; an answered exchange is ended as a span at once and the SDK's batch processor sends what
// has ended every LIVE_DELAY_MS (or when 512 are waiting), so a collector shows a long session while it runs. What is
// still unanswered when the session closes ends at its last frame, as in an export after the fact.
import type { FrameRecord, Target } from '../../shared/relay-protocol.js';
import { ExchangeBuilder, type TraceExchange } from '../../shared/trace/trace-exchanges.js';
import type { OtlpChoice } from '../cli/trace-flags.js';
import { SessionSpanWriter } from './session-spans.js';
import { CheckedExporter, OtlpFileExporter, otlpHttpExporter, tracesUrl } from './span-exporters.js';

/**
 * The batch processor's delay in live mode: a person watching a collector beside the inspector wants the exchange they
 * just sent, so a second rather than the SDK's 5 s default (still one request per second at most per session).
 */
const LIVE_DELAY_MS = 1000;

interface Destination {
  exporter: CheckedExporter;
  writer: SessionSpanWriter;
  /** The line said when the session closes, given the number of spans. */
  said(count: number): string;
  url: string | null;
}

export class LiveSpans {
  private builder: ExchangeBuilder;
  private last = 0;
  private closed: Promise<string[]> | null = null;

  private constructor(private readonly destinations: readonly Destination[]) {
    this.builder = this.newBuilder();
  }

  private newBuilder(): ExchangeBuilder {
    return new ExchangeBuilder({ keep: false, onAnswered: (ex) => this.write(ex) });
  }

  /**
   * A new connection's frames follow (fuzz starts the server again after a crash or hang): the last one's unanswered
   * exchanges end at its last frame, and ids start afresh, in the same trace.
   */
  nextConnection(): void {
    for (const ex of this.builder.unanswered()) this.write(ex);
    this.builder = this.newBuilder();
  }

  /** Opens the exporters the choice names. */
  static async open(choice: OtlpChoice, target: Pick<Target, 'transport'>, sessionName: string, version: string, delayMs = LIVE_DELAY_MS): Promise<LiveSpans> {
    const o = { sessionName, networkTransport: target.transport === 'stdio' ? ('pipe' as const) : ('tcp' as const), version };
    const destinations: Destination[] = [];
    if (choice.otlp !== null) {
      const exporter = await otlpHttpExporter(choice.otlp, choice.otlpProtocol);
      const url = tracesUrl(choice.otlp);
      destinations.push({
        exporter,
        writer: new SessionSpanWriter(exporter, o, delayMs),
        said: (n) => `exported ${n} spans to ${url} (${choice.otlpProtocol})`,
        url,
      });
    }
    if (choice.otlpFile !== null) {
      const file = choice.otlpFile;
      const exporter = new CheckedExporter(new OtlpFileExporter(file));
      destinations.push({ exporter, writer: new SessionSpanWriter(exporter, o, delayMs), said: (n) => `wrote ${n} spans as OTLP/JSON to ${file}`, url: null });
    }
    return new LiveSpans(destinations);
  }

  frame(f: FrameRecord): void {
    if (this.closed) return;
    this.last = Math.max(this.last, f.ts);
    this.builder.frame(f);
  }

  /** Ends the unanswered exchanges' spans, sends the rest and closes the exporters; throws when an export failed. */
  close(): Promise<string[]> {
    this.closed ??= (async () => {
      for (const ex of this.builder.unanswered()) this.write(ex);
      const lines: string[] = [];
      let failure: string | null = null;
      for (const d of this.destinations) {
        const count = await d.writer.close();
        await d.exporter.close();
        if (d.exporter.failure !== null) failure ??= `the OTLP export to ${d.url ?? 'the file'} failed: ${d.exporter.failure}`;
        else lines.push(d.said(count));
      }
      if (failure !== null) throw new Error(failure);
      return lines;
    })();
    return this.closed;
  }

  private write(ex: TraceExchange): void {
    const ctx = { ownTraceId: this.builder.ownTraceId, mcpSessionId: this.builder.mcpSessionId, endFallback: this.last };
    for (const d of this.destinations) d.writer.write(ex, ctx);
  }
}
