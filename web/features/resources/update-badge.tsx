// "updated ×3": flashes each time a notifications/resources/updated for the URI arrives.
import { formatTime } from '../../lib/ui/format.js';
import type { UpdateInfo } from './resource-updates.js';
import './resources.css';

export function UpdateBadge({ uri, info }: { uri: string; info: UpdateInfo | undefined }) {
  if (!info) return null;
  return (
    <span
      // A new key per update restarts the animation, so every notification is seen.
      key={info.lastSeq}
      data-testid="resource-updated"
      data-uri={uri}
      data-count={info.count}
      title={`last notifications/resources/updated at ${formatTime(info.lastTs)} (#${info.lastSeq})`}
      className="animate-[flash_1.2s_ease-out] rounded bg-amber-700/70 px-1 text-[10px] text-amber-50"
    >
      updated ×{info.count}
    </span>
  );
}
