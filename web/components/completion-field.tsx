// A text input that offers the server's completion/complete suggestions while it has focus; ↑/↓ and Enter pick one.
import { useState } from 'react';
import { useCompletion, type CompletionRef } from '../api/use-completion.js';
import type { McpSessionState } from '../api/use-mcp-session.js';

interface Props {
  sessionId: string;
  mcp: McpSessionState;
  completionRef: CompletionRef;
  name: string;
  value: string;
  onChange: (value: string) => void;
  context: Record<string, string>;
  id: string;
  placeholder?: string;
}

export function CompletionField({ sessionId, mcp, completionRef, name, value, onChange, context, id, placeholder }: Props) {
  const [focused, setFocused] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const completion = useCompletion(sessionId, mcp, { ref: completionRef, argument: name, value, context, active: focused });
  const values = completion.data?.values ?? [];
  // Suggestions for an earlier value stay visible (less jumpy) but dimmed, and Enter does not pick from them.
  const fresh = completion.askedFor === value && !completion.isPlaceholderData && !completion.isFetching;
  // A single suggestion equal to what is typed offers nothing.
  const open = focused && values.length > 0 && !(values.length === 1 && values[0] === value);
  const pick = (v: string) => {
    onChange(v);
    setHighlight(0);
  };
  return (
    <div className="relative">
      <input
        id={id}
        data-testid={id}
        className="control w-full font-mono"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => {
          onChange(e.target.value);
          setHighlight(0);
        }}
        onFocus={() => setFocused(true)}
        // Delayed, so a click on a suggestion lands before the list disappears.
        onBlur={() => setTimeout(() => setFocused(false), 150)}
        onKeyDown={(e) => {
          if (!open || !fresh) return;
          if (e.key === 'ArrowDown') setHighlight((h) => Math.min(h + 1, values.length - 1));
          else if (e.key === 'ArrowUp') setHighlight((h) => Math.max(h - 1, 0));
          else if (e.key === 'Enter') pick(values[highlight] ?? value);
          else if (e.key === 'Escape') setFocused(false);
          else return;
          e.preventDefault();
        }}
      />
      {open && (
        <ul
          data-testid={`${id}-suggestions`}
          data-fresh={fresh}
          className={`absolute z-20 mt-px max-h-48 w-full overflow-auto rounded border border-edge bg-panel-2 shadow-lg ${fresh ? '' : 'opacity-60'}`}
          role="listbox"
        >
          {values.map((v, i) => (
            <li key={v} role="option" aria-selected={i === highlight}>
              <button
                type="button"
                className={`block w-full px-2 py-0.5 text-left font-mono ${i === highlight ? 'bg-sky-900/60' : 'hover:bg-white/5'}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(v)}
              >
                {v}
              </button>
            </li>
          ))}
          {completion.data?.hasMore && <li className="px-2 py-0.5 text-dim">more on the server ({completion.data.total ?? '?'} in all)</li>}
        </ul>
      )}
      {!completion.supported && mcp.ready && focused && (
        <p className="text-[10.5px] text-dim">The server did not declare the completions capability, so none is asked for.</p>
      )}
    </div>
  );
}
