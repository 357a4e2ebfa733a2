// The outcome of a replay: a summary line, each difference with the members that changed, and a link to the new run.
import type { ReplayResult } from '../../../shared/archive-api.js';

const TONE = { changed: 'text-amber-300', added: 'text-emerald-300', removed: 'text-red-300' } as const;
const MARK = { changed: '~', added: '+', removed: '−' } as const;

const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? 'undefined';
  return s.length > 160 ? `${s.slice(0, 160)}…` : s;
};

export function ReplayResultView({ result, onOpen }: { result: ReplayResult; onOpen: (id: string) => void }) {
  const { diff } = result;
  const s = diff.summary;
  return (
    <div className="w-full rounded border border-edge bg-panel-2 p-2" data-testid="replay-result" data-identical={diff.identical}>
      <div className="flex items-center gap-2">
        <span className={diff.identical ? 'text-emerald-300' : 'text-amber-300'}>{diff.identical ? 'identical' : 'differs'}</span>
        <span className="text-dim">{`${s.same} same, ${s.changed} changed, ${s.added} added, ${s.removed} removed`}</span>
        <button type="button" className="ml-auto text-sky-400 hover:underline" onClick={() => onOpen(result.session.id)}>
          open the new run
        </button>
      </div>
      {result.warnings.map((w) => (
        <p key={w} className="text-amber-200">
          {w}
        </p>
      ))}
      <ul className="mt-1 max-h-64 overflow-y-auto font-mono text-[11px]">
        {diff.entries.map((e, i) => (
          <li key={i} className="py-0.5">
            <span className={TONE[e.status]}>{`${MARK[e.status]} ${e.label}`}</span>
            <span className="text-dim">{` ${e.oldSeq !== null ? `old #${e.oldSeq}` : ''}${e.oldSeq !== null && e.newSeq !== null ? ', ' : ''}${e.newSeq !== null ? `new #${e.newSeq}` : ''}`}</span>
            {e.changes.map((c) => (
              <div key={c.path} className="pl-4 break-all">
                {`${c.path || '(message)'}: `}
                {c.change === 'changed' ? `${show(c.old)} → ${show(c.new)}` : c.change === 'added' ? `added ${show(c.new)}` : `removed ${show(c.old)}`}
              </div>
            ))}
            {e.text !== undefined && <div className="truncate pl-4 text-dim">{e.text}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}
