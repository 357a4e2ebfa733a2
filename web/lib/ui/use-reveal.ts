// Scrolls a panel's result into view when a new one arrives, so a result drawn under a tall form is seen, not below the fold.
import { useEffect, useRef } from 'react';

/**
 * Attach the returned ref to the result; it is scrolled into view whenever `key` changes to something not null after
 * the first render (a result already there when the form is shown again is not a new one: the form stays in sight).
 */
export function useReveal<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const seen = useRef(key);
  useEffect(() => {
    if (Object.is(seen.current, key)) return;
    seen.current = key;
    // 'nearest' moves the column only as far as needed, and a result taller than the column shows from its top.
    if (key !== null && key !== undefined) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [key]);
  return ref;
}
