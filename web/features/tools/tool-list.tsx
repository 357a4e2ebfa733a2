// The tool list: name, title, icon and annotation badges; a click selects the tool.
import { ServerIcon } from '../../components/server-icon.js';
import { ToolAnnotations } from './tool-annotations.js';
import type { ToolInfo } from './tool-info.js';

interface Props {
  tools: readonly ToolInfo[];
  selected: string | null;
  onSelect: (name: string) => void;
}

export function ToolList({ tools, selected, onSelect }: Props) {
  return (
    <ul data-testid="tool-list" className="max-h-[32%] shrink-0 overflow-auto border-b border-edge">
      {tools.map((t) => (
        <li key={t.name}>
          <button
            type="button"
            data-testid="tool-item"
            data-name={t.name}
            aria-current={t.name === selected}
            className={`flex w-full items-center gap-2 px-3 py-1 text-left ${t.name === selected ? 'bg-sky-900/40' : 'hover:bg-white/5'}`}
            onClick={() => onSelect(t.name)}
          >
            <ServerIcon icons={t.icons} />
            <span className="font-mono">{t.name}</span>
            {t.title && <span className="truncate text-dim">{t.title}</span>}
            <span className="ml-auto shrink-0">
              <ToolAnnotations annotations={t.annotations} />
            </span>
          </button>
        </li>
      ))}
      {tools.length === 0 && <li className="px-3 py-1 text-dim">No tools match.</li>}
    </ul>
  );
}
