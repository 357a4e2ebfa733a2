// Runs a state reset while rendering when its inputs change: React's "adjusting state when a prop changes", instead of
// an effect that would first paint the stale state and then render again.
import { useState } from 'react';

/**
 * Calls `onChange` (which may only set state) during the render in which any of `deps` differs from the last render
 * (compared with Object.is); never on the first render, whose state is already derived from the same inputs.
 */
export function useOnChange(deps: readonly unknown[], onChange: () => void): void {
  const [seen, setSeen] = useState(deps);
  if (seen.length !== deps.length || seen.some((d, i) => !Object.is(d, deps[i]))) {
    setSeen(deps);
    onChange();
  }
}
