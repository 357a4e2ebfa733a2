// The Fuzz tab: runs `mcpscope fuzz` on this session's target (on scratch connections the relay opens, never on this
// session) and shows its progress, then each failure with its shrunk input and a link to its repro session.
import { useState } from 'react';
import { reportSummary, type FuzzMode } from '../../../shared/fuzz/fuzz-report.js';
import { useSession } from '../../api/use-sessions.js';
import { downloadBlob } from '../../lib/ui/download.js';
import { FuzzFailureRow } from './fuzz-failure-row.js';
import { useFuzzRun } from './use-fuzz-run.js';

interface Props {
  sessionId: string;
  onOpenFrame: (sessionId: string, seq: number | null) => void;
}

const whole = (text: string): number | undefined => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : undefined);

export function FuzzPanel({ sessionId, onOpenFrame }: Props) {
  const session = useSession(sessionId);
  const { status, running, error, start, stop } = useFuzzRun(sessionId);
  const [runs, setRuns] = useState('200');
  const [tools, setTools] = useState('');
  const [seed, setSeed] = useState('');
  const [mode, setMode] = useState<FuzzMode>('args');
  const [allTools, setAllTools] = useState(false);
  const live = session?.live === true;
  const report = status?.report ?? null;
  const seedValue = whole(seed);
  const toolNames = tools
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

  return (
    <section data-testid="fuzz-panel" className="flex min-h-0 flex-1 flex-col overflow-auto">
      <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-edge px-3 py-2">
        <label className="flex items-center gap-1 text-dim">
          runs
          <input data-testid="fuzz-runs" className="control w-20" inputMode="numeric" value={runs} onChange={(e) => setRuns(e.target.value)} />
        </label>
        <label className="flex items-center gap-1 text-dim" title="comma-separated; empty: every tool the safety rule allows">
          tools
          <input data-testid="fuzz-tools" className="control w-28" placeholder="all" value={tools} onChange={(e) => setTools(e.target.value)} />
        </label>
        <label className="flex items-center gap-1 text-dim">
          seed
          <input
            data-testid="fuzz-seed"
            className="control w-24"
            inputMode="numeric"
            placeholder="random"
            value={seed}
            onChange={(e) => setSeed(e.target.value)}
          />
        </label>
        <select data-testid="fuzz-mode" aria-label="mode" className="control" value={mode} onChange={(e) => setMode(e.target.value as FuzzMode)}>
          <option value="args">arguments</option>
          <option value="protocol">protocol</option>
          <option value="both">both</option>
        </select>
        <label className="flex items-center gap-1 text-dim" title="by default only tools annotated readOnlyHint are called">
          <input type="checkbox" data-testid="fuzz-all-tools" checked={allTools} onChange={(e) => setAllTools(e.target.checked)} />
          call every tool
        </label>
        {running ? (
          <button type="button" data-testid="fuzz-stop" className="btn ml-auto" onClick={() => void stop()}>
            Stop
          </button>
        ) : (
          <button
            type="button"
            data-testid="fuzz-run"
            className="btn btn-primary ml-auto"
            disabled={!live}
            onClick={() =>
              void start({
                runs: Math.max(1, whole(runs) ?? 200),
                mode,
                tools: toolNames.length > 0 ? toolNames : null,
                allowTools: allTools ? 'all' : null,
                ...(seedValue === undefined ? {} : { seed: seedValue }),
              })
            }
          >
            Fuzz
          </button>
        )}
      </div>
      <p className="shrink-0 px-3 pt-2 text-dim">
        Searches this server for inputs that break it, as <code>mcpscope fuzz</code> does, on scratch connections of its own: this session sees none of it. Each
        failure is shrunk to its smallest input and recorded as a session.
        {!live && ' Start the session to fuzz it.'}
      </p>
      {error && (
        <p data-testid="fuzz-error" className="px-3 py-1 text-rose-300">
          {error}
        </p>
      )}
      {status?.error && (
        <p data-testid="fuzz-error" className="px-3 py-1 text-rose-300">
          {status.error}
        </p>
      )}
      {status && running && (
        <p data-testid="fuzz-progress" className="px-3 py-1">
          {status.state === 'keeping' ? 'keeping the failures: each sent again alone… ' : ''}
          {status.progress.runs} runs, {status.progress.shrinkRuns} shrinking, {status.progress.failures} found · seed {status.seed}
        </p>
      )}
      {report && (
        <div className="px-3 py-2">
          <div className="flex flex-wrap items-center gap-1.5">
            <span data-testid="fuzz-summary">{reportSummary(report)}</span>
            <button
              type="button"
              data-testid="fuzz-export-json"
              className="btn ml-auto"
              onClick={() => downloadBlob(`mcpscope-fuzz-${report.seed}.json`, JSON.stringify(report, null, 2), 'application/json')}
            >
              JSON
            </button>
          </div>
          {report.skipped.length > 0 && <p className="mt-1 text-dim">skipped: {report.skipped.map((s) => `${s.name} (${s.why})`).join('; ')}</p>}
          <ul className="mt-2">
            {report.failures.map((f) => (
              <FuzzFailureRow key={f.key} failure={f} onOpenFrame={onOpenFrame} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
