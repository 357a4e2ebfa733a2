// What a lint rule checks, where the spec says so and how to fix it, as the detail pane and the reference tab show it.
import { specUrlFor, type RuleMeta, type SpecRef } from '../../shared/lint/index.js';
import { safeHttpUrl } from '../lib/ui/format.js';
import { InlineMarkdown } from './markdown-text.js';

export function RuleDetails({ meta, version }: { meta: RuleMeta; version?: string | null }) {
  return (
    <div className="space-y-0.5 text-[11.5px]">
      <p data-testid="rule-explanation">
        <InlineMarkdown text={meta.explanation} />
      </p>
      <SpecQuoteView meta={meta} />
      <p className="text-dim">
        <span className="text-ink">Spec: </span>
        <SpecReference spec={meta.spec} version={version ?? null} />
      </p>
      <p data-testid="rule-fix">
        <span className="text-emerald-300">Fix: </span>
        <InlineMarkdown text={meta.fix} />
      </p>
    </div>
  );
}

/** The sentence the rule enforces and why it has its severity, as the spec words it (server text never goes here). */
function SpecQuoteView({ meta }: { meta: RuleMeta }) {
  const q = meta.quote;
  const grounds =
    q.keyword !== null
      ? `${q.keyword} → ${meta.severity}`
      : q.basis === 'silent'
        ? `spec is silent → ${meta.severity}`
        : `${q.basis === 'guidance' ? 'guidance' : 'version drift'} → ${meta.severity}`;
  const from = `${meta.spec.source}${meta.spec.version ? ` ${meta.spec.version}` : ''}`;
  return (
    <blockquote data-testid="rule-quote" data-keyword={q.keyword ?? q.basis} className="border-l-2 border-edge pl-2 text-dim">
      <span className="text-ink">{q.keyword === null && q.basis === 'silent' ? q.text : `“${q.text}”`}</span>{' '}
      <span className="whitespace-nowrap">
        ({from}; <span data-testid="rule-grounds">{grounds}</span>)
      </span>
    </blockquote>
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
