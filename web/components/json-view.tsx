// Pretty-printed JSON as plain text: the way panels show values they do not render specially (credentials masked
// while presenting).
import { useShownText } from '../lib/ui/screen-mask.js';

export function JsonView({ value, className = '', testId }: { value: unknown; className?: string; testId?: string }) {
  const text = useShownText(value === undefined ? '(nothing)' : JSON.stringify(value, null, 2));
  return (
    <pre
      data-testid={testId}
      className={`overflow-auto rounded bg-black/30 px-2 py-1 font-mono text-[11px] leading-[1.45] break-words whitespace-pre-wrap ${className}`}
    >
      {text}
    </pre>
  );
}
