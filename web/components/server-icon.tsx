// The first usable icon a server declared for a tool, resource or prompt; only http(s) and data:image/ sources are rendered.
import { safeImageSrc } from '../lib/ui/safe-media.js';

export function ServerIcon({ icons, size = 16 }: { icons: unknown; size?: number }) {
  if (!Array.isArray(icons)) return null;
  for (const icon of icons) {
    const src = safeImageSrc(typeof icon === 'object' && icon !== null ? (icon as { src?: unknown }).src : undefined);
    if (src === null) continue;
    // no-referrer: fetching a server's icon must not tell its host which page asked.
    return <img data-testid="server-icon" src={src} alt="" width={size} height={size} referrerPolicy="no-referrer" className="shrink-0 object-contain" />;
  }
  return null;
}
