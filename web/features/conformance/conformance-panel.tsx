// The Conformance tab: runs `mcpscope check` on this session's target (on scratch connections the relay opens and
// records, never on this session) and shows the graded results by group, each linked to its frames, exportable as the
// CLI's Markdown and JSON.
import { useState } from 'react';
import { checkMarkdown, summaryLine } from '../../../shared/check/check-report.js';
import { CHECK_GROUPS, type CheckReport } from '../../../shared/check/check-types.js';
import { useSession } from '../../api/use-sessions.js';
import { downloadBlob } from '../../lib/ui/download.js';
import { formatDate, formatTime } from '../../lib/ui/format.js';
import { CheckResultRow } from './check-result-row.js';
import { useCheckRun } from './use-check-run.js';

interface Props {
  sessionId: string;
  onOpenFrame: (sessionId: string, seq: number | null) => void;
}

const stem = (report: CheckReport) => `mcpscope-check-${report.startedAt.replace(/[:.]/g, '-')}`;

export function ConformancePanel({ sessionId, onOpenFrame }: Props) {
  const session = useSession(sessionId);
  const { report, savedAt, running, error, run } = useCheckRun(sessionId);
  const [robustness, setRobustness] = useState(true);
  const [allTools, setAllTools] = useState(false);
  const live = session?.live === true;
  const ids = new Map((report?.sessions ?? []).map((s) => [s.name, s.id]));

  return (
    <section data-testid="conformance-panel" className="flex min-h-0 flex-1 flex-col overflow-auto">
      <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-edge px-3 py-2">
        <label className="flex items-center gap-1 text-dim" title="the fault lab's presets, on a scratch connection of their own">
          <input type="checkbox" data-testid="check-robustness" checked={robustness} onChange={(e) => setRobustness(e.target.checked)} />
          robustness presets
        </label>
        <label className="flex items-center gap-1 text-dim" title="by default only tools annotated readOnlyHint are called">
          <input type="checkbox" data-testid="check-all-tools" checked={allTools} onChange={(e) => setAllTools(e.target.checked)} />
          call every tool
        </label>
        <button
          type="button"
          data-testid="check-run"
          className="btn btn-primary ml-auto"
          disabled={!live || running}
          onClick={() => void run({ robustness, allowTools: allTools ? 'all' : null })}
        >
          {running ? 'Checking…' : 'Run check'}
        </button>
      </div>
      <p className="shrink-0 px-3 pt-2 text-dim">
        Grades this server check by check, as <code>mcpscope check</code> does, on scratch connections of its own (each recorded as a session linked to this
        one): this session sees none of it.
        {!live && ' Start the session to run the check.'}
      </p>
      {error && (
        <p data-testid="check-error" className="px-3 py-1 text-rose-300">
          {error}
        </p>
      )}
      {report && (
        <div className="px-3 py-2">
          <div className="flex flex-wrap items-center gap-1.5">
            <span data-testid="check-summary">{summaryLine(report.results)}</span>
            {savedAt !== null && (
              <span data-testid="check-saved-at" className="text-[11px] text-dim" title="the last run for this session, kept by the relay">
                (last run, {formatDate(savedAt)} {formatTime(savedAt).slice(0, 8)})
              </span>
            )}
            <button
              type="button"
              data-testid="check-export-markdown"
              className="btn ml-auto"
              onClick={() => downloadBlob(`${stem(report)}.md`, checkMarkdown(report), 'text/markdown')}
            >
              Markdown
            </button>
            <button
              type="button"
              data-testid="check-export-json"
              className="btn"
              onClick={() => downloadBlob(`${stem(report)}.json`, JSON.stringify(report, null, 2), 'application/json')}
            >
              JSON
            </button>
          </div>
          {CHECK_GROUPS.map((group) => {
            const results = report.results.filter((r) => r.group === group);
            if (results.length === 0) return null;
            return (
              <div key={group} data-testid="check-group" data-group={group} className="mt-2">
                <h3 className="font-semibold">{group}</h3>
                <ul>
                  {results.map((r) => (
                    <CheckResultRow key={`${r.session}:${r.id}`} result={r} sessionId={ids.get(r.session)} onOpenFrame={onOpenFrame} />
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
