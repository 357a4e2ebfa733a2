// The lint findings of the selected frame: each with its rule's explanation, spec reference, fix and the frames involved.
import { ruleMeta } from '../../../shared/lint/index.js';
import { RuleDetails } from '../../components/rule-details.js';
import { SeverityBadge } from '../../components/severity-badge.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import type { FrameFindingsReader } from '../../lib/log/frame-findings.js';
import { useFrameFindings } from '../../lib/log/use-frame-findings.js';

interface Props {
  entry: FrameEntry;
  /** The session's findings by frame (the log's frameFindings): this frame's may arrive after it is shown. */
  findings: FrameFindingsReader;
  /** The negotiated version when the frame was linted, so spec links point at that version's pages. */
  version: string | null;
  onSelect: (seq: number) => void;
}

export function FrameFindings({ entry, findings: store, version, onSelect }: Props) {
  const findings = useFrameFindings(store, entry);
  if (findings.length === 0) return null;
  return (
    <section data-testid="detail-findings" className="max-h-[25%] shrink-0 space-y-2 overflow-auto border-b border-edge bg-red-950/20 px-3 py-1.5">
      {findings.map((f, i) => {
        const meta = ruleMeta(f.ruleId);
        return (
          <article key={`${f.ruleId}-${i}`} data-testid="detail-finding" data-rule={f.ruleId} data-severity={f.severity}>
            <header className="flex flex-wrap items-center gap-1.5">
              <SeverityBadge severity={f.severity} label={f.severity} />
              <span className="font-mono text-[11px] text-dim">{f.ruleId}</span>
              {meta && <span className="font-semibold">{meta.title}</span>}
            </header>
            <p className="my-0.5" data-testid="finding-message">
              {f.message}
            </p>
            {f.related.length > 0 && (
              <p className="text-[11px] text-dim">
                related:{' '}
                {f.related.map((seq) => (
                  <button key={seq} type="button" className="mr-1 text-sky-400 hover:underline" onClick={() => onSelect(seq)}>
                    #{seq}
                  </button>
                ))}
              </p>
            )}
            {meta && <RuleDetails meta={meta} version={version} />}
          </article>
        );
      })}
    </section>
  );
}
