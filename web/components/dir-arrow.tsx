// The arrow that says which way a frame travelled: to the server, from it, or a relay event (read out by its name, not
// its glyph).
import type { FrameDir } from '../../shared/relay-protocol.js';

const ARROWS: Record<FrameDir, { glyph: string; title: string; className: string }> = {
  out: { glyph: '→', title: 'client → server', className: 'text-sky-400' },
  in: { glyph: '←', title: 'server → client', className: 'text-emerald-400' },
  relay: { glyph: '◆', title: 'relay event', className: 'text-slate-500' },
};

export function DirArrow({ dir }: { dir: FrameDir }) {
  const a = ARROWS[dir];
  return (
    <span role="img" className={`font-mono ${a.className}`} title={a.title} aria-label={a.title}>
      {a.glyph}
    </span>
  );
}
