// The tool list: name and title on one line, the description's first line (inline Markdown) under it with the
// annotation badges; full texts in tooltips; a click selects the tool.
import { ItemLines } from '../../components/item-lines.js';
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
    <ul data-testid="tool-list">
      {tools.map((t) => (
        <li key={t.name}>
          <PickButton testid="tool-item" data={{ name: t.name }} selected={t.name === selected} onClick={() => onSelect(t.name)}>
            <ServerIcon icons={t.icons} />
            <ItemLines name={t.name} title={t.title} description={t.description} testId="tool" badges={<ToolAnnotations annotations={t.annotations} brief />} />
          </PickButton>
        </li>
      ))}
      {tools.length === 0 && <li className="px-3 py-1 text-dim">No tools match.</li>}
    </ul>
  );
}
