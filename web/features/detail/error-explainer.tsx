// Explains every error object in an error response (or a batch reply) in the context it arrived in:
// the negotiated version, the transport, the HTTP status that carried it, and whether the peer sent it.
import { explainError, type ErrorExplanation } from '../../../shared/error-codes/index.js';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { ErrorExplanationView } from '../../components/error-explanation-view.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import type { ErrorContextAt } from '../../lib/log/session-findings.js';

interface Props {
  entry: FrameEntry;
  context: ErrorContextAt | undefined;
  httpStatus: number | undefined;
}

function errorObjects(value: unknown): Record<string, unknown>[] {
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((m) => (isPlainObject(m) && isPlainObject(m.error) ? [m.error] : []));
}

function explain(err: Record<string, unknown>, p: Props): ErrorExplanation {
  const fromPeer = p.entry.frame.dir === 'in';
  const q = {
    ...(typeof err.message === 'string' ? { message: err.message } : {}),
    ...(p.context?.protocolVersion ? { protocolVersion: p.context.protocolVersion } : {}),
    ...(p.context ? { transport: p.context.transport } : {}),
    ...(p.httpStatus !== undefined ? { httpStatus: p.httpStatus } : {}),
    ...(fromPeer ? { local: false } : {}),
  };
  // A code that is not a number is still a wire error: explain it as an invalid code, never as a local string code.
  if (typeof err.code === 'number') return explainError({ ...q, code: err.code });
  return { ...explainError({ ...q, code: Number.NaN }), code: JSON.stringify(err.code) ?? 'missing' };
}

export function ErrorExplainer(p: Props) {
  const errors = errorObjects(p.entry.value);
  if (errors.length === 0) return null;
  const keyedOn = [p.context?.protocolVersion ?? 'version unknown', p.context?.transport, p.httpStatus !== undefined ? `HTTP ${p.httpStatus}` : null];
  return (
    // Its full height, not a box that scrolls inside the pane: on an error frame the explanation is what one came to read,
    // and the detail pane scrolls as a whole when it does not fit.
    <section data-testid="detail-error-explainer" className="shrink-0 space-y-2 border-b border-edge bg-panel-2/60 px-3 py-1.5">
      <p className="text-[10px] tracking-wide text-dim uppercase">
        error explained for {keyedOn.filter(Boolean).join(' · ')}
        {p.entry.frame.dir === 'out' && ' · sent by mcpscope to the server'}
      </p>
      {errors.map((err, i) => (
        <ErrorExplanationView key={i} x={explain(err, p)} />
      ))}
    </section>
  );
}
