// The lint rules of the Reference tab, grouped by area (jsonrpc, framing, mcp, http), each with what it checks and the fix.
import { RULES, type RuleId } from '../../../shared/lint/index.js';
import { RuleDetails } from '../../components/rule-details.js';
import { SeverityBadge } from '../../components/severity-badge.js';

export function RuleList({ ids }: { ids: readonly RuleId[] }) {
  const areas = [...new Set(ids.map((id) => id.split('/')[0]!))];
  return (
    <>
      {areas.map((area) => (
        <section key={area} className="mb-3" data-testid={`reference-rules-${area}`}>
          <h3 className="mb-1 text-[10px] tracking-wide text-dim uppercase">lint rules: {area}</h3>
          {ids
            .filter((id) => id.startsWith(`${area}/`))
            .map((id) => (
              <details key={id} data-testid="reference-rule" data-rule={id} className="border-b border-edge/50 py-0.5">
                <summary className="cursor-pointer">
                  <SeverityBadge severity={RULES[id].severity} /> <span className="font-semibold">{RULES[id].title}</span>{' '}
                  <span className="font-mono text-[11px] text-dim">{id}</span>
                </summary>
                <div className="py-1 pl-4">
                  <RuleDetails meta={RULES[id]} />
                </div>
              </details>
            ))}
        </section>
      ))}
    </>
  );
}
