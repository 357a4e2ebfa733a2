// Where spans go: an OTLP/HTTP collector (protobuf, the OTLP default, or JSON), or an OTLP JSON file; each through the
// OpenTelemetry exporters and serializers, and each reporting a failed export instead of the SDK's silent drop.
import { writeFileSync } from 'node:fs';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';

import type { OtlpProtocol } from '../cli/trace-flags.js';

/** A collector's base URL (`http://collector:4318`) gets the traces path; a URL with a path is used as given. */
export function tracesUrl(url: string): string {
  const u = new URL(url);
  if (u.pathname === '/' || u.pathname === '') u.pathname = '/v1/traces';
  return u.toString();
}

/**
 * Passes spans on and remembers the first failure, so the command can say the export failed and exit non-zero. Its
 * shutdown leaves the exporter open (several sessions go out through one); close() ends it.
 */
export class CheckedExporter implements SpanExporter {
  failure: string | null = null;
  exported = 0;

  constructor(private readonly inner: SpanExporter) {}

  close(): Promise<void> {
    return this.inner.shutdown();
  }

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.inner.export(spans, (result) => {
      if (result.code === 0) this.exported += spans.length;
      else this.failure ??= result.error?.message ?? 'the exporter reported a failure';
      done(result);
    });
  }

  shutdown(): Promise<void> {
    return this.forceFlush();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

export async function otlpHttpExporter(url: string, protocol: OtlpProtocol): Promise<CheckedExporter> {
  const config = { url: tracesUrl(url), timeoutMillis: 10_000 };
  // Loaded on use: a run without --otlp never loads an exporter.
  const inner: SpanExporter =
    protocol === 'http/json'
      ? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter(config)
      : new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter(config);
  return new CheckedExporter(inner);
}

/** Collects the spans and writes them, on shutdown, as one OTLP/JSON ExportTraceServiceRequest (what a collector takes). */
export class OtlpFileExporter implements SpanExporter {
  private readonly spans: ReadableSpan[] = [];

  constructor(private readonly path: string) {}

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.spans.push(...spans);
    done({ code: 0 });
  }

  async shutdown(): Promise<void> {
    const { JsonTraceSerializer } = await import('@opentelemetry/otlp-transformer');
    const bytes = JsonTraceSerializer.serializeRequest(this.spans);
    writeFileSync(this.path, bytes ?? new Uint8Array());
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
}
