// The batch's results: one row per element with its response and latency, then replies nobody asked for, and the verdict.
import { outcomeLabel } from '../../../shared/fault-lab/index.js';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { formatLatency } from '../../lib/ui/format.js';
import type { BatchOutcome } from './batch-outcome.js';

const OUTCOME_CLASS = {
  'as-spec': 'text-emerald-300',
  'spec-silent': 'text-sky-300',
  deviates: 'text-amber-300',
  'no-reply': 'text-rose-300',
  died: 'text-rose-400',
} as const;

function summarize(response: unknown): string {
  if (!isPlainObject(response)) return JSON.stringify(response);
  if (isPlainObject(response.error)) return `error ${String(response.error.code)}: ${String(response.error.message ?? '')}`;
  return `result ${JSON.stringify(response.result)}`.slice(0, 140);
}

export function BatchResults({ outcome, onSelect }: { outcome: BatchOutcome; onSelect: (seq: number) => void }) {
  const c = outcome.correlation;
  return (
    <div data-testid="batch-results" className="space-y-1 px-3 py-2">
      <p data-testid="batch-verdict" data-outcome={outcome.verdict.outcome}>
        <span className={`font-semibold ${OUTCOME_CLASS[outcome.verdict.outcome]}`}>{outcomeLabel(outcome.verdict.outcome)}</span>{' '}
        <span>{outcome.verdict.explanation}</span>{' '}
        <button type="button" className="text-dim underline decoration-dotted" onClick={() => onSelect(outcome.sentSeq)}>
          show in log
        </button>
      </p>
      {c && (
        <>
          <p className="text-dim">
            replies came as: {c.replyShape} · {c.summary.answered}/{c.summary.requests} answered · {c.summary.unexpected} unexpected
          </p>
          <table className="w-full text-left text-[11px]">
            <thead className="text-dim">
              <tr>
                <th className="pr-2">#</th>
                <th className="pr-2">method</th>
                <th className="pr-2">id</th>
                <th className="pr-2">status</th>
                <th className="pr-2">latency</th>
                <th>response</th>
              </tr>
            </thead>
            <tbody>
              {c.elements.map((el) => (
                <tr key={el.index} data-testid="batch-result-row" data-index={el.index} data-status={el.status} className="border-t border-edge align-top">
                  <td className="pr-2">{el.index + 1}</td>
                  <td className="pr-2">{el.method ?? '—'}</td>
                  <td className="pr-2">{el.id === undefined ? '—' : JSON.stringify(el.id)}</td>
                  <td className="pr-2">
                    {el.status}
                    {el.duplicates?.length ? ` (+${el.duplicates.length} duplicate)` : ''}
                  </td>
                  <td className="pr-2 whitespace-nowrap">{outcome.latencyMs.has(el.index) ? formatLatency(outcome.latencyMs.get(el.index)!) : '—'}</td>
                  <td className="break-all" data-testid="batch-result-response">
                    {el.response === undefined ? '' : summarize(el.response)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {c.unexpected.length > 0 && (
            <ul data-testid="batch-unexpected" className="text-amber-200">
              {c.unexpected.map((u, i) => (
                <li key={i}>unexpected: {summarize(u)}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
