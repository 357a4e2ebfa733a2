// The fault lab's results: one row per preset run, its verdict and explanation, and a Markdown copy for bug reports.
import { useState } from 'react';
import { judgementLabel, judgeVerdict, outcomeLabel, resultsMarkdown } from '../../../shared/fault-lab/index.js';
import type { FaultRun } from './use-fault-runner.js';

const OUTCOME_CLASS = {
  'as-spec': 'text-emerald-300',
  'spec-silent': 'text-sky-300',
  deviates: 'text-amber-300',
  'no-reply': 'text-rose-300',
  died: 'text-rose-400 font-semibold',
} as const;

interface Props {
  runs: readonly FaultRun[];
  context: { server: string; transport: string; protocolVersion: string | null };
  /** Shows the sent frame in the log of the (scratch) session it went out on. */
  onShow: (sessionId: string, seq: number) => void;
  onClear: () => void;
}

export function FaultResultsTable({ runs, context, onShow, onClear }: Props) {
  const [markdown, setMarkdown] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const copy = () => {
    const text = resultsMarkdown(runs, context);
    setMarkdown(text);
    navigator.clipboard.writeText(text).then(
      () => setNote('copied'),
      () => setNote('the browser refused the clipboard: select the text below instead'),
    );
  };
  if (runs.length === 0) return <p className="px-3 py-2 text-dim">No results yet: send a preset.</p>;
  return (
    <div className="space-y-1 px-3 py-2">
      <div className="flex items-center gap-1.5">
        <span className="text-dim">
          {runs.length} result{runs.length === 1 ? '' : 's'}
        </span>
        <button type="button" data-testid="fault-copy-markdown" className="btn ml-auto" onClick={copy}>
          Copy as Markdown
        </button>
        <button type="button" className="btn" onClick={onClear}>
          Clear
        </button>
      </div>
      {note && <p className="text-dim">{note}</p>}
      <table className="w-full text-left text-[11px]" data-testid="fault-results">
        <thead className="text-dim">
          <tr>
            <th className="py-0.5 pr-2">fault</th>
            <th className="pr-2">verdict</th>
            <th>explanation</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => {
            // What the verdict costs, from the preset's sentence: the same severity lint and check give this reply.
            const judgement = judgeVerdict(r.presetId, r.verdict);
            return (
              <tr
                key={r.presetId}
                data-testid="fault-result"
                data-preset={r.presetId}
                data-outcome={r.verdict.outcome}
                data-severity={judgement.severity ?? 'none'}
                className="border-t border-edge align-top"
              >
                <td className="py-0.5 pr-2">
                  {r.sentSeq === null || r.sessionId === null ? (
                    r.title
                  ) : (
                    <button
                      type="button"
                      className="text-left underline decoration-dotted"
                      title="show the sent frame in the scratch session's log"
                      onClick={() => onShow(r.sessionId!, r.sentSeq!)}
                    >
                      {r.title}
                    </button>
                  )}
                </td>
                <td
                  className={`pr-2 whitespace-nowrap ${OUTCOME_CLASS[r.verdict.outcome]}`}
                  title={judgement.severity === null ? undefined : `${judgement.sentence.text} (${judgement.sentence.source})`}
                >
                  {outcomeLabel(r.verdict.outcome)}
                  {judgement.severity !== null && (
                    <span data-testid="fault-severity" className="block text-dim">
                      {judgementLabel(judgement)}
                    </span>
                  )}
                </td>
                <td data-testid="fault-explanation">{r.verdict.explanation}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {markdown !== null && (
        <pre data-testid="fault-markdown" className="max-h-40 overflow-auto rounded bg-black/30 px-2 py-1 font-mono text-[10px] whitespace-pre-wrap select-all">
          {markdown}
        </pre>
      )}
    </div>
  );
}
