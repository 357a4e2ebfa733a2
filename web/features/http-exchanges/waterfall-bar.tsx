// When each exchange ran, against the span of all listed ones: waiting for headers in a light shade, the body darker.
import type { HttpExchange } from '../../../shared/http-exchange.js';
import type { ExchangeRow } from '../../lib/http/exchange-index.js';

export interface Span {
  start: number;
  end: number;
}

/** The end of an exchange as far as the records know: an open stream reaches the latest moment anything ended. */
function knownEnd(x: HttpExchange): number | undefined {
  const ms = x.timing.totalMs ?? x.timing.headersMs;
  return ms === undefined ? undefined : x.timing.startedAt + ms;
}

export function timeline(rows: readonly ExchangeRow[]): Span {
  let start = Infinity;
  let end = -Infinity;
  for (const { x } of rows) {
    start = Math.min(start, x.timing.startedAt);
    end = Math.max(end, knownEnd(x) ?? x.timing.startedAt);
  }
  return start === Infinity ? { start: 0, end: 1 } : { start, end: Math.max(end, start + 1) };
}

export function WaterfallBar({ x, span }: { x: HttpExchange; span: Span }) {
  const total = span.end - span.start;
  const pct = (ms: number) => `${Math.max(0, Math.min(100, (ms / total) * 100))}%`;
  const from = x.timing.startedAt - span.start;
  const open = x.timing.totalMs === undefined;
  const end = open ? span.end - span.start : from + x.timing.totalMs!;
  const headers = x.timing.headersMs !== undefined ? from + x.timing.headersMs : end;
  const failed = x.response === null && !open;
  return (
    <div className="relative h-2.5 w-full" title={`${from.toFixed(0)} ms after the first exchange`} aria-hidden>
      <div
        className={`absolute top-0.5 h-1.5 ${failed ? 'bg-red-500/70' : 'bg-slate-400/50'}`}
        style={{ left: pct(from), width: `max(2px, ${pct(headers - from)})` }}
      />
      {!failed && headers < end && (
        <div className={`absolute top-0.5 h-1.5 ${open ? 'bg-sky-500/40' : 'bg-sky-500/90'}`} style={{ left: pct(headers), width: pct(end - headers) }} />
      )}
    </div>
  );
}
