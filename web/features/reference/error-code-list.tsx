// The error codes of the Reference tab, grouped by who makes them: the peer on the wire, the client library, the relay.
import { ErrorExplanationView } from '../../components/error-explanation-view.js';
import type { CodeGroup, ReferenceCode } from './reference-search.js';
import { VariantList } from './variant-list.js';

const GROUPS: readonly [CodeGroup, string][] = [
  ['wire', 'Wire error codes (error.code in a JSON-RPC response)'],
  ['local', 'Local client-library errors (never sent by a server)'],
  ['relay', 'mcpscope relay errors'],
];

export function ErrorCodeList({ items }: { items: readonly ReferenceCode[] }) {
  return (
    <>
      {GROUPS.map(([group, title]) => {
        const list = items.filter((c) => c.group === group);
        if (list.length === 0) return null;
        return (
          <section key={group} className="mb-3" data-testid={`reference-codes-${group}`}>
            <h3 className="mb-1 text-[10px] tracking-wide text-dim uppercase">{title}</h3>
            {list.map((c) => (
              <details key={String(c.x.code)} data-testid="reference-error" data-code={String(c.x.code)} className="border-b border-edge/50 py-0.5">
                <summary className="cursor-pointer">
                  <span className="font-mono">{String(c.x.code)}</span> <span className="font-semibold">{c.x.name}</span>
                </summary>
                <div className="py-1 pl-4">
                  <ErrorExplanationView x={c.x} />
                  <VariantList variants={c.variants} />
                </div>
              </details>
            ))}
          </section>
        );
      })}
    </>
  );
}
