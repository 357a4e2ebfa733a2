// When a request a panel shows as pending went out, for requests whose hook gives no start time (a query's fetch): the
// waiting note names the server requests that arrived since then.
import { useState } from 'react';
import { useOnChange } from './use-on-change.js';

/** Date.now() from the render in which `pending` turned true; 0 if it already was at mount (any time counts); null when idle. */
export function usePendingSince(pending: boolean): number | null {
  const [since, setSince] = useState<number | null>(pending ? 0 : null);
  useOnChange([pending], () => setSince(pending ? Date.now() : null));
  return since;
}
