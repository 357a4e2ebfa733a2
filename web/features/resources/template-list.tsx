// The server's resource templates; a click opens the form that fills in their variables.
import { isPlainObject } from '../../../shared/jsonrpc.js';

interface Props {
  templates: readonly unknown[];
  selected: string | null;
  onSelect: (uriTemplate: string) => void;
}

export function TemplateList({ templates, selected, onSelect }: Props) {
  const items = templates.flatMap((t) => (isPlainObject(t) && typeof t.uriTemplate === 'string' ? [t as Record<string, unknown> & { uriTemplate: string }] : []));
  if (items.length === 0) return <p className="px-3 py-1 text-dim">No templates.</p>;
  return (
    <ul data-testid="template-list">
      {items.map((t) => (
        <li key={t.uriTemplate}>
          <button
            type="button"
            data-testid="template-item"
            data-template={t.uriTemplate}
            aria-current={t.uriTemplate === selected}
            className={`flex w-full items-center gap-2 px-3 py-0.5 text-left ${t.uriTemplate === selected ? 'bg-sky-900/40' : 'hover:bg-white/5'}`}
            onClick={() => onSelect(t.uriTemplate)}
          >
            <span className="truncate">{typeof t.title === 'string' ? t.title : String(t.name ?? '')}</span>
            <span className="truncate font-mono text-[11px] text-dim">{t.uriTemplate}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
