// The Logging tab: set the server's level, and read its notifications/message straight from the session log, filtered by level.
import { useMemo, useState } from 'react';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { useMcpSession } from '../../api/use-mcp-session.js';
import { useTakeIntent } from '../../lib/ui/panel-intents.js';
import { useInbound } from '../../lib/log/use-inbound.js';
import { LevelSetter } from './level-setter.js';
import { isLogLevel, LEVEL_CLASS, LOG_LEVELS, type LogLevel } from './log-levels.js';
import { toLogMessage } from './log-message.js';
import { LogMessageList } from './log-message-list.js';

export function LoggingPanel({ sessionId, onSelect }: { sessionId: string; onSelect: (seq: number) => void }) {
  const mcp = useMcpSession(sessionId);
  const frames = useInbound(sessionId, 'notifications/message');
  const messages = useMemo(() => frames.map(toLogMessage), [frames]);
  const [hidden, setHidden] = useState<ReadonlySet<LogLevel>>(new Set());
  const [intentLevel, setIntentLevel] = useState<LogLevel | null>(null);
  useTakeIntent('logging', (intent) => {
    const level = isPlainObject(intent.params) ? intent.params.level : undefined;
    if (isLogLevel(level)) setIntentLevel(level);
  });

  const counts = useMemo(() => {
    const c = new Map<string, number>();
    for (const m of messages) c.set(m.level ?? 'invalid', (c.get(m.level ?? 'invalid') ?? 0) + 1);
    return c;
  }, [messages]);
  const shown = useMemo(() => messages.filter((m) => m.level === null || !hidden.has(m.level)), [messages, hidden]);
  const toggle = (l: LogLevel) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (next.has(l)) next.delete(l);
      else next.add(l);
      return next;
    });
  return (
    <section data-testid="logging-panel" className="flex min-h-0 flex-1 flex-col">
      <div className="shrink-0 space-y-1.5 border-b border-edge px-3 py-2">
        <LevelSetter key={intentLevel ?? 'none'} sessionId={sessionId} mcp={mcp} initial={intentLevel} />
        <div className="flex flex-wrap items-center gap-1" role="group" aria-label="show levels">
          {LOG_LEVELS.map((l) => (
            <button
              key={l}
              type="button"
              data-testid={`log-filter-${l}`}
              aria-pressed={!hidden.has(l)}
              className={`rounded px-1.5 text-[10px] ${hidden.has(l) ? 'bg-white/5 text-dim line-through' : LEVEL_CLASS[l]}`}
              onClick={() => toggle(l)}
            >
              {l} {counts.get(l) ?? 0}
            </button>
          ))}
          <span className="ml-auto text-dim">
            {shown.length} of {messages.length}
          </span>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-auto">
        <LogMessageList messages={shown} onSelect={onSelect} />
      </div>
    </section>
  );
}
