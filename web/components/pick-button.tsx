// One row of a panel's item list (tools, prompts, resources, templates): the selected look, test attributes, a click.
import type { ReactNode } from 'react';

interface Props {
  testid: string;
  /** Rendered as data-* attributes, e.g. { name: 'echo' } → data-name="echo". */
  data: Record<string, string>;
  selected: boolean;
  /** Tighter rows for long lists such as resources. */
  compact?: boolean;
  onClick: () => void;
  children: ReactNode;
}

export function PickButton({ testid, data, selected, compact = false, onClick, children }: Props) {
  const attrs = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]));
  return (
    <button
      type="button"
      data-testid={testid}
      {...attrs}
      aria-current={selected}
      className={`flex w-full items-center gap-2 px-3 ${compact ? 'py-0.5' : 'py-1'} text-left ${selected ? 'bg-sky-900/40' : 'hover:bg-white/5'}`}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
