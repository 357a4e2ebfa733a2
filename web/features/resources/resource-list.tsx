// The server's resources: title over URI, MIME type, subscription and update marks; a click reads one.
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { PickButton } from '../../components/pick-button.js';
import { ServerIcon } from '../../components/server-icon.js';
import type { UpdateInfo } from './resource-updates.js';
import { UpdateBadge } from './update-badge.js';
import { TitleOverUri } from './title-over-uri.js';

interface Props {
  resources: readonly unknown[];
  selected: string | null;
  subscribed: ReadonlySet<string>;
  updates: Map<string, UpdateInfo>;
  onSelect: (uri: string) => void;
}

export function ResourceList({ resources, selected, subscribed, updates, onSelect }: Props) {
  const items = resources.flatMap((r) => (isPlainObject(r) && typeof r.uri === 'string' ? [r as Record<string, unknown> & { uri: string }] : []));
  if (items.length === 0) return <p className="px-3 py-1 text-dim">No resources.</p>;
  return (
    <ul data-testid="resource-list">
      {items.map((r) => (
        <li key={r.uri}>
          <PickButton testid="resource-item" data={{ uri: r.uri }} selected={r.uri === selected} compact onClick={() => onSelect(r.uri)}>
            <ServerIcon icons={r.icons} />
            <TitleOverUri item={r} uri={r.uri} />
            <span className="ml-auto flex shrink-0 items-center gap-1">
              {subscribed.has(r.uri) && <span className="rounded bg-sky-800/70 px-1 text-[10px]">subscribed</span>}
              <UpdateBadge uri={r.uri} info={updates.get(r.uri)} />
              {typeof r.mimeType === 'string' && <span className="font-mono text-[10px] text-dim">{r.mimeType}</span>}
            </span>
          </PickButton>
        </li>
      ))}
    </ul>
  );
}
