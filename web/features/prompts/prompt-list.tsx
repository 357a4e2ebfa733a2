// The server's prompts: name and title on one line, the description's first line and how many arguments under it; a
// click selects one.
import { ItemLines } from '../../components/item-lines.js';
import { PickButton } from '../../components/pick-button.js';
import { ServerIcon } from '../../components/server-icon.js';
import type { PromptInfo } from './prompt-info.js';

export function PromptList({ prompts, selected, onSelect }: { prompts: readonly PromptInfo[]; selected: string | null; onSelect: (name: string) => void }) {
  if (prompts.length === 0) return <p className="px-3 py-1 text-dim">No prompts.</p>;
  return (
    <ul data-testid="prompt-list">
      {prompts.map((p) => (
        <li key={p.name}>
          <PickButton testid="prompt-item" data={{ name: p.name }} selected={p.name === selected} onClick={() => onSelect(p.name)}>
            <ServerIcon icons={p.icons} />
            <ItemLines
              name={p.name}
              title={p.title}
              description={p.description}
              testId="prompt"
              badges={<span className="text-dim">{`${p.arguments.length} argument${p.arguments.length === 1 ? '' : 's'}`}</span>}
            />
          </PickButton>
        </li>
      ))}
    </ul>
  );
}
