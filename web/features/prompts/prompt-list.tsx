// The server's prompts: name, title and how many arguments; a click selects one.
import { ServerIcon } from '../../components/server-icon.js';
import type { PromptInfo } from './prompt-info.js';

export function PromptList({ prompts, selected, onSelect }: { prompts: readonly PromptInfo[]; selected: string | null; onSelect: (name: string) => void }) {
  if (prompts.length === 0) return <p className="px-3 py-1 text-dim">No prompts.</p>;
  return (
    <ul data-testid="prompt-list" className="max-h-[30%] shrink-0 overflow-auto border-b border-edge">
      {prompts.map((p) => (
        <li key={p.name}>
          <button
            type="button"
            data-testid="prompt-item"
            data-name={p.name}
            aria-current={p.name === selected}
            className={`flex w-full items-center gap-2 px-3 py-1 text-left ${p.name === selected ? 'bg-sky-900/40' : 'hover:bg-white/5'}`}
            onClick={() => onSelect(p.name)}
          >
            <ServerIcon icons={p.icons} />
            <span className="font-mono">{p.name}</span>
            {p.title && <span className="truncate text-dim">{p.title}</span>}
            <span className="ml-auto shrink-0 text-[11px] text-dim">
              {p.arguments.length} argument{p.arguments.length === 1 ? '' : 's'}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
