// A URI from a server: a link only when it is http(s), otherwise inert text (a javascript: URI must never become clickable).
import { safeHttpUrl } from '../lib/ui/format.js';

export function SafeLink({ href, label }: { href: unknown; label?: string }) {
  if (typeof href !== 'string' || href === '') return null;
  const safe = safeHttpUrl(href);
  const text = label ?? href;
  if (safe === null) return <span className="break-all">{text}</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer" className="break-all text-sky-400 hover:underline">
      {text}
    </a>
  );
}
