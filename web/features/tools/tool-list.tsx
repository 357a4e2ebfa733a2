// The tool list: name, title, icon and annotation badges; a click selects the tool.
import { PickButton } from '../../components/pick-button.js';
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
          <PickButton testid="tool-item" data={{ name: t.name }} selected={t.name === selected} onClick={() => onSelect(t.name)}>
            <ServerIcon icons={t.icons} />
            <span className="font-mono">{t.name}</span>
            {t.title && <span className="truncate text-dim">{t.title}</span>}
            <span className="ml-auto shrink-0">
              <ToolAnnotations annotations={t.annotations} />
            </span>
          </PickButton>
        </li>
      ))}
      {tools.length === 0 && <li className="px-3 py-1 text-dim">No tools match.</li>}
    </ul>
  );
}
