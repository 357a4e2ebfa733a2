// In presentation mode the log takes its keys from the whole page, not only when it has focus: a presenter steps
// through a session without clicking into the table first. Keys aimed at a field, a button or the editor stay theirs.
import { useEffect, type RefObject } from 'react';
import { typingInto } from '../../lib/ui/use-composer-key.js';
import type { LogKey } from './use-log-keyboard.js';

/** True for a key event whose target handles keys itself (typing, a focused control, Monaco) or is the log already. */
function ownedElsewhere(target: EventTarget | null, log: HTMLElement | null): boolean {
  if (!(target instanceof HTMLElement) || target === document.body) return false;
  if (log?.contains(target)) return true;
  return typingInto(target) || target.closest('button, a[href], [role="tab"], dialog') !== null;
}

export function usePageKeys(on: boolean, logRef: RefObject<HTMLElement | null>, onKey: (e: LogKey) => void) {
  useEffect(() => {
    if (!on) return;
    const listener = (e: KeyboardEvent) => {
      if (e.defaultPrevented || ownedElsewhere(e.target, logRef.current)) return;
      onKey(e);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [on, logRef, onKey]);
}
