// The selected exchange's general facts (URL, status, purpose, timing, failure) and, for an HTTP error whose body is a
// JSON-RPC error, that error explained in context.
import type { ReactNode } from 'react';
import { explainError } from '../../../shared/error-codes/index.js';
import type { HttpExchange } from '../../../shared/http-exchange.js';
import { ErrorExplanationView } from '../../components/error-explanation-view.js';
import { formatTime } from '../../lib/ui/format.js';
import type { LogSource } from '../../lib/log/log-source.js';
import { jsonRpcErrors, STATUS_TONE, statusClass, statusLabel } from './exchange-format.js';

interface Props {
  log: LogSource;
  x: HttpExchange;
  onJumpToExchange: (id: string) => void;
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-dim">{label}</dt>
      <dd data-testid={testId} className="min-w-0 break-all">
        {children}
      </dd>
    </>
  );
}

export function ExchangeSummary({ log, x, onJumpToExchange }: Props) {
  const cls = statusClass(x);
  const t = x.timing;
  return (
    <div className="space-y-1 border-b border-edge px-3 py-1.5">
      <dl className="grid grid-cols-[7rem_1fr] gap-x-2 font-mono text-[11px]">
        <Fact label="request">
          {x.request.method} <span data-testid="http-exchange-url">{x.request.url}</span>
        </Fact>
        <Fact label="status" testId="http-exchange-status">
          <span className={STATUS_TONE[cls]}>
            {statusLabel(x)} {x.response?.statusText}
          </span>
          <span className="text-dim"> · {x.state}</span>
        </Fact>
        <Fact label="purpose">{x.purpose}</Fact>
        <Fact label="timing">
          started {formatTime(t.startedAt)}
          {t.headersMs !== undefined && ` · headers after ${t.headersMs.toFixed(1)} ms`}
          {t.totalMs !== undefined ? ` · done after ${t.totalMs.toFixed(1)} ms` : x.state === 'open' ? ' · still streaming' : ''}
        </Fact>
        {x.resumes && (
          <Fact label="resumes">
            <button type="button" className="text-sky-400 hover:underline" onClick={() => onJumpToExchange(x.resumes!)}>
              the cut stream {x.resumes}
            </button>
          </Fact>
        )}
      </dl>
      {x.error && (
        <p data-testid="http-exchange-failure" className="text-red-300">
          {x.response ? 'The exchange failed after the response began' : 'No response'}: {x.error.message}{' '}
          <span className="font-mono text-dim">({x.error.code})</span>
        </p>
      )}
      {x.state === 'open' && <p className="text-dim">The stream is still open: its events and the frames it carries appear here as they arrive.</p>}
      <BodyError log={log} x={x} />
    </div>
  );
}

/** A JSON-RPC error inside a 4xx/5xx body is the server's answer, not noise: explain it like the Detail tab does. */
function BodyError({ log, x }: { log: LogSource; x: HttpExchange }) {
  const res = x.response;
  if (!res || res.status < 400) return null;
  const errors = jsonRpcErrors(res.body);
  if (errors.length === 0) {
    return res.body.trim() === '' ? null : <p className="text-amber-200">HTTP {res.status} with a body that is not a JSON-RPC error: see Response.</p>;
  }
  const context = x.receivedSeqs.map((s) => log.errorContextOf(s)).find((c) => c !== undefined);
  return (
    <section data-testid="http-exchange-error-explainer" className="space-y-2 rounded bg-panel-2/60 px-2 py-1">
      <p className="text-[10px] tracking-wide text-dim uppercase">JSON-RPC error in the HTTP {res.status} body, explained</p>
      {errors.map((err, i) => (
        <ErrorExplanationView
          key={i}
          compact
          x={explainError({
            code: typeof err.code === 'number' ? err.code : Number.NaN,
            httpStatus: res.status,
            local: false,
            ...(typeof err.message === 'string' ? { message: err.message } : {}),
            ...(context?.protocolVersion ? { protocolVersion: context.protocolVersion } : {}),
            ...(context ? { transport: context.transport } : {}),
          })}
        />
      ))}
    </section>
  );
}
