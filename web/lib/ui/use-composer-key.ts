// The composer's keyboard shortcut: `c` outside any text field opens the composer bar and focuses its editor, as
// GitHub's single-key shortcuts do; modifiers are left to the browser and to Monaco.
import { useEffect } from 'react';

/** True when the key goes to something that takes text (a field, Monaco, a contenteditable), not to the page. */
export function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"], .monaco-editor') !== null;
}

export function useComposerKey(onOpen: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'c' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typingInto(e.target)) return;
      e.preventDefault();
      onOpen();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onOpen]);
}
