// What a lint rule checks, where the spec says so and how to fix it, as the detail pane and the reference tab show it.
import { specUrlFor, type RuleMeta, type SpecRef } from '../../shared/lint/index.js';
import { safeHttpUrl } from '../lib/ui/format.js';

export function RuleDetails({ meta, version }: { meta: RuleMeta; version?: string | null }) {
  return (
    <div className="space-y-0.5 text-[11.5px]">
      <p data-testid="rule-explanation">{meta.explanation}</p>
      <p className="text-dim">
        <span className="text-ink">Spec: </span>
        <SpecReference spec={meta.spec} version={version ?? null} />
      </p>
      <p data-testid="rule-fix">
        <span className="text-emerald-300">Fix: </span>
        {meta.fix}
      </p>
    </div>
  );
}

/** The section as text, linked only when the URL is http(s). */
function SpecReference({ spec, version }: { spec: SpecRef; version?: string | null }) {
  const url = safeHttpUrl(specUrlFor(spec, version));
  const label = `${spec.source}${spec.version ? ` ${spec.version}` : ''} · ${spec.section}`;
  return (
    <span data-testid="spec-reference">
      {url ? (
        <a href={url} target="_blank" rel="noreferrer noopener" className="text-sky-400 hover:underline">
          {label}
        </a>
      ) : (
        label
      )}
    </span>
  );
}
