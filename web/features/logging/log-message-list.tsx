// The server's log messages, newest last; a click shows the notification in the Detail tab.
import { formatTime } from '../../lib/ui/format.js';
import { LEVEL_CLASS } from './log-levels.js';
import type { LogMessage } from './log-message.js';

// Rendering tens of thousands of rows would freeze the tab; the log itself keeps them all.
const MAX_ROWS = 500;

export function LogMessageList({ messages, onSelect }: { messages: readonly LogMessage[]; onSelect: (seq: number) => void }) {
  const shown = messages.slice(-MAX_ROWS);
  if (shown.length === 0) return <p className="px-3 py-2 text-dim">No notifications/message yet.</p>;
  return (
    <ul data-testid="log-messages" className="font-mono text-[11px]">
      {messages.length > shown.length && <li className="px-3 text-dim">… {messages.length - shown.length} older messages (in the log)</li>}
      {shown.map((m) => (
        <li key={m.seq}>
          <button
            type="button"
            data-testid="log-message"
            data-level={m.level ?? 'invalid'}
            className="flex w-full items-start gap-2 px-3 py-0.5 text-left hover:bg-white/5"
            onClick={() => onSelect(m.seq)}
          >
            <span className="shrink-0 text-dim">{formatTime(m.ts)}</span>
            <span
              className={`w-16 shrink-0 rounded px-1 text-center text-[10px] ${m.level ? LEVEL_CLASS[m.level] : 'bg-red-950 text-red-200'}`}
              title={m.level ? undefined : 'not an RFC 5424 level'}
            >
              {m.level ?? String(m.rawLevel)}
            </span>
            {m.logger && <span className="shrink-0 text-sky-300">{m.logger}</span>}
            <span className="min-w-0 break-words whitespace-pre-wrap">{m.text}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
