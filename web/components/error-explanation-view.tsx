// One error code explained: name, meaning, likely causes, what to check, where it came from and the versions it exists in.
import type { ErrorExplanation } from '../../shared/error-codes/index.js';
import { safeHttpUrl } from '../lib/ui/format.js';
import { InlineMarkdown } from './markdown-text.js';

const SOURCE_TEXT: Record<ErrorExplanation['source'], string> = {
  peer: 'sent by the peer, not made by a local library',
  local: 'made locally by the client library; it never crossed the wire',
  unknown: 'either the peer or a local library uses this code',
};

export function ErrorExplanationView({ x, compact = false }: { x: ErrorExplanation; compact?: boolean }) {
  const spec = x.spec ? safeHttpUrl(x.spec.url) : null;
  return (
    <div data-testid="error-explanation" data-code={String(x.code)} className="space-y-1 text-[11.5px]">
      <p>
        <span className="font-mono font-semibold">{String(x.code)}</span> <span className="font-semibold">{x.name}</span>
        {!x.catalogued && <span className="ml-1 text-dim">(not catalogued: explained by its range)</span>}
      </p>
      <p data-testid="error-meaning">
        <InlineMarkdown text={x.meaning} />
      </p>
      {x.notes.map((n) => (
        <p key={n} className="text-amber-200">
          <InlineMarkdown text={n} />
        </p>
      ))}
      {!compact && <List title="Likely causes" items={x.causes} />}
      {!compact && <List title="What to check" items={x.check} />}
      <p className="text-dim">
        <span data-testid="error-source">{SOURCE_TEXT[x.source]}</span>
        {' · versions: '}
        {x.versions === 'all' ? 'all' : x.versions.join(', ')}
        {x.validInVersion === false && <span className="text-amber-300"> · not defined in the negotiated version</span>}
      </p>
      {x.spec && (
        <p className="text-dim">
          {spec ? (
            <a href={spec} target="_blank" rel="noreferrer noopener" className="text-sky-400 hover:underline">
              {x.spec.label}
            </a>
          ) : (
            x.spec.label
          )}
        </p>
      )}
    </div>
  );
}

function List({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <p className="text-dim">{title}</p>
      <ul className="ml-4 list-disc">
        {items.map((i) => (
          <li key={i}>
            <InlineMarkdown text={i} />
          </li>
        ))}
      </ul>
    </div>
  );
}
