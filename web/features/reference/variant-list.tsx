// How a wire code's explanation changes with context: the catalogue's variants, each with the conditions it needs.
import type { ErrorVariant } from '../../../shared/error-codes/index.js';

function conditions(w: ErrorVariant['when']): string {
  const parts: string[] = [];
  if (w.versions) parts.push(w.versions.join(' / '));
  if (w.transport) parts.push(w.transport.join(' / '));
  if (w.httpStatus) parts.push(`HTTP ${w.httpStatus.join(' / ')}`);
  if (w.local !== undefined) parts.push(w.local ? 'made locally' : 'sent by the peer');
  if (w.message) parts.push(`message like ${String(w.message)}`);
  return parts.join(', ');
}

export function VariantList({ variants }: { variants: readonly ErrorVariant[] }) {
  if (variants.length === 0) return null;
  return (
    <div className="mt-1 text-[11.5px]">
      <p className="text-dim">In context</p>
      <ul className="ml-4 list-disc">
        {variants.map((v, i) => (
          <li key={i} data-testid="reference-variant">
            <span className="font-mono text-[11px] text-dim">{conditions(v.when)}:</span> {v.name ? `${v.name}. ` : ''}
            {v.meaning ?? ''} {v.note ?? ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
