// A form's keyboard actions: Enter in a single-line field, and Ctrl/Cmd+Enter anywhere in it (its JSON editor included),
// press the form's action button (the one marked data-form-action) as a click would, and do nothing while it is disabled.
// Scopes nest: the innermost scope around the focus owns the keys (the sampling answer's rejection field rejects).
import type { ComponentProps, KeyboardEvent } from 'react';

/** Inputs where Enter has no line to break and nothing of its own to do; a checkbox or a button keeps its own Enter. */
const NOT_SINGLE_LINE = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'image']);

const SCOPE = 'data-form-keys';

function ownScope(e: KeyboardEvent<HTMLElement>): boolean {
  return e.target instanceof Element && e.target.closest(`[${SCOPE}]`) === e.currentTarget;
}

/** Clicks the scope's own action button, if it is there and enabled. */
function pressAction(scope: HTMLElement): void {
  const button = [...scope.querySelectorAll<HTMLButtonElement>('[data-form-action]')].find((b) => b.closest(`[${SCOPE}]`) === scope);
  if (button && !button.disabled) button.click();
}

function isSingleLineField(target: EventTarget): boolean {
  return target instanceof HTMLInputElement && !NOT_SINGLE_LINE.has(target.type);
}

/** A div (its props, data-testid and the like, pass through) whose keys run the action inside it. */
export function FormKeys({ children, ...props }: Omit<ComponentProps<'div'>, 'onKeyDown' | 'onKeyDownCapture'>) {
  // Capture, so Ctrl/Cmd+Enter is taken before the editor inside sees it (Monaco would insert a line below).
  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.nativeEvent.isComposing || !ownScope(e)) return;
    e.preventDefault();
    e.stopPropagation();
    pressAction(e.currentTarget);
  };
  // Bubble, so a field that uses Enter itself (a completion list picking a suggestion) has taken it first.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || e.defaultPrevented || e.nativeEvent.isComposing) return;
    if (!ownScope(e) || !isSingleLineField(e.target)) return;
    e.preventDefault();
    e.stopPropagation();
    pressAction(e.currentTarget);
  };
  return (
    <div {...props} {...{ [SCOPE]: '' }} onKeyDownCapture={onKeyDownCapture} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
