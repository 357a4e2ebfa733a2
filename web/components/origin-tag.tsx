// The log's "by" cell: who made a frame, in a few letters (full name in the title and the detail pane); a server's
// answer to mcpscope's own bookkeeping is marked too, dimmed (yet AA-readable), so hiding bookkeeping never surprises.
import { ORIGIN_INFO } from '../../shared/frame-origin.js';
import type { FrameEntry } from '../lib/log/frame-entry.js';

const TONE: Record<string, string> = {
  bookkeeping: 'text-dim',
  user: 'text-sky-300',
  panel: 'text-sky-200',
  lab: 'text-pink-300',
  replay: 'text-violet-300',
};

export function OriginTag({ entry }: { entry: FrameEntry }) {
  const { origin } = entry.frame;
  if (origin !== undefined) {
    return (
      <span data-testid="log-origin" className={`truncate text-[10px] ${TONE[origin] ?? 'text-dim'}`} title={`${origin}: ${ORIGIN_INFO[origin].description}`}>
        {ORIGIN_INFO[origin].short}
      </span>
    );
  }
  if (entry.answersOrigin === 'bookkeeping') {
    return (
      <span className="truncate text-[10px] text-dim" title="the server's answer to mcpscope's own bookkeeping">
        ↳auto
      </span>
    );
  }
  return <span />;
}
