// Deep links into the inspector: `#session=<id>&seq=<n>` (as `mcpscope check --record` prints) opens that recorded
// session at that frame. It only selects: a link never starts, restarts or sends anything. The parameters are dropped
// from the address bar once taken, so a reload does not jump back.
import { useEffect } from 'react';

/** The session and frame a fragment names, or null; a seq that is not a positive whole number is ignored. */
export function frameLinkOf(hash: string): { sessionId: string; seq: number | null } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const sessionId = params.get('session');
  if (!sessionId || !/^[\w-]{1,100}$/.test(sessionId)) return null;
  const seq = Number(params.get('seq'));
  return { sessionId, seq: Number.isInteger(seq) && seq > 0 ? seq : null };
}

function takeFrameLink(): { sessionId: string; seq: number | null } | null {
  const link = frameLinkOf(window.location.hash);
  if (link === null) return null;
  const params = new URLSearchParams(window.location.hash.slice(1));
  params.delete('session');
  params.delete('seq');
  const rest = params.toString();
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search + (rest ? `#${rest}` : ''));
  return link;
}

export function useFrameLink(open: (sessionId: string, seq: number | null) => void): void {
  useEffect(() => {
    const take = () => {
      const link = takeFrameLink();
      if (link) open(link.sessionId, link.seq);
    };
    take();
    window.addEventListener('hashchange', take);
    return () => window.removeEventListener('hashchange', take);
  }, [open]);
}
