// The server's prompts: name, title and how many arguments; a click selects one.
import { PickButton } from '../../components/pick-button.js';
import { ServerIcon } from '../../components/server-icon.js';
import type { PromptInfo } from './prompt-info.js';

export function PromptList({ prompts, selected, onSelect }: { prompts: readonly PromptInfo[]; selected: string | null; onSelect: (name: string) => void }) {
  if (prompts.length === 0) return <p className="px-3 py-1 text-dim">No prompts.</p>;
  return (
    <ul data-testid="prompt-list" className="max-h-[30%] shrink-0 overflow-auto border-b border-edge">
      {prompts.map((p) => (
        <li key={p.name}>
          <PickButton testid="prompt-item" data={{ name: p.name }} selected={p.name === selected} onClick={() => onSelect(p.name)}>
            <ServerIcon icons={p.icons} />
            <span className="font-mono">{p.name}</span>
            {p.title && <span className="truncate text-dim">{p.title}</span>}
            <span className="ml-auto shrink-0 text-[11px] text-dim">
              {p.arguments.length} argument{p.arguments.length === 1 ? '' : 's'}
            </span>
          </PickButton>
        </li>
      ))}
    </ul>
  );
}
