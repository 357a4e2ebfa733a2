// The Reference tab: every error code mcpscope can explain and every lint rule it checks, searchable.
import { useDeferredValue, useMemo, useState } from 'react';
import { ErrorCodeList } from './error-code-list.js';
import { RuleList } from './rule-list.js';
import { referenceMatches } from './reference-search.js';

export function ReferencePanel() {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const matches = useMemo(() => referenceMatches(deferred), [deferred]);
  return (
    <section data-testid="reference-panel" className="flex min-h-0 flex-1 flex-col" aria-label="reference">
      <div className="flex shrink-0 items-center gap-2 border-b border-edge bg-panel-2 px-3 py-1">
        <input
          data-testid="reference-search"
          className="control w-64"
          placeholder="search codes and rules: -32602, capability, batch…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          spellCheck={false}
        />
        <span className="ml-auto font-mono text-[11px] text-dim">
          {matches.errors.length} codes · {matches.rules.length} rules
        </span>
      </div>
      <div className="min-h-0 flex-1 overflow-auto px-3 py-2">
        <ErrorCodeList items={matches.errors} />
        <RuleList ids={matches.rules} />
      </div>
    </section>
  );
}
