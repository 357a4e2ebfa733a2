// structuredContent checked against the tool's outputSchema with the same validator the forms use, failures listed.
import { useMemo } from 'react';
import { JsonView } from '../../components/json-view.js';
import { checkInstance } from '../../components/schema-form/schema-check.js';
import { ProblemList } from '../../components/schema-form/problem-list.js';

interface Props {
  outputSchema: unknown;
  structured: unknown;
  isError: boolean;
}

export function StructuredCheck({ outputSchema, structured, isError }: Props) {
  const check = useMemo(
    () => (outputSchema !== undefined && structured !== undefined ? checkInstance(outputSchema, structured) : null),
    [outputSchema, structured],
  );
  if (structured === undefined) {
    if (outputSchema === undefined || isError) return null;
    return (
      <p data-testid="structured-missing" className="text-amber-300">
        The tool declares an outputSchema, but this result has no structuredContent, which the spec requires.
      </p>
    );
  }
  return (
    <div className="space-y-1">
      <div className="text-[10px] tracking-wide text-dim uppercase">structuredContent</div>
      <JsonView value={structured} testId="structured-content" className="max-h-60" />
      {check === null && <p className="text-dim">The tool declares no outputSchema, so there is nothing to check this against.</p>}
      {check?.valid === true && (
        <p data-testid="structured-valid" className="text-emerald-300">
          ✓ matches the outputSchema
        </p>
      )}
      {check && <ProblemList check={check} testId="structured-problems" title="✗ does not match the outputSchema" />}
    </div>
  );
}
