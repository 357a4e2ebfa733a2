// Schema problems as a compact list of "path: message" lines, for summaries above a Send button or under a result.
import type { SchemaCheck } from './schema-check.js';

export function ProblemList({ check, testId, title }: { check: SchemaCheck; testId: string; title: string }) {
  if (check.valid && check.schemaError === undefined) return null;
  return (
    <div data-testid={testId} className="rounded border border-amber-800/70 bg-amber-950/30 px-2 py-1 text-amber-100">
      <p className="font-semibold">
        {title}
        {check.problems.length > 0 && ` (${check.problems.length})`}
      </p>
      {check.schemaError !== undefined && <p>The schema itself is unusable: {check.schemaError}</p>}
      <ul className="font-mono text-[11px]">
        {check.problems.map((p, i) => (
          <li key={i}>
            <span className="text-amber-300">{p.path.length === 0 ? '(the value)' : p.path.join('.')}</span>: {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
