// The server's resource templates; a click opens the form that fills in their variables.
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { PickButton } from '../../components/pick-button.js';
import { TitleOverUri } from './title-over-uri.js';

interface Props {
  templates: readonly unknown[];
  selected: string | null;
  onSelect: (uriTemplate: string) => void;
}

export function TemplateList({ templates, selected, onSelect }: Props) {
  const items = templates.flatMap((t) =>
    isPlainObject(t) && typeof t.uriTemplate === 'string' ? [t as Record<string, unknown> & { uriTemplate: string }] : [],
  );
  if (items.length === 0) return <p className="px-3 py-1 text-dim">No templates.</p>;
  return (
    <ul data-testid="template-list">
      {items.map((t) => (
        <li key={t.uriTemplate}>
          <PickButton
            testid="template-item"
            data={{ template: t.uriTemplate }}
            selected={t.uriTemplate === selected}
            compact
            onClick={() => onSelect(t.uriTemplate)}
          >
            <TitleOverUri item={t} uri={t.uriTemplate} />
          </PickButton>
        </li>
      ))}
    </ul>
  );
}
