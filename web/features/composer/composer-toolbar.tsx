// The composer's toolbar, one line (it is the whole composer while collapsed): open/close, template buttons, the
// compact toggle, history, the last send's outcome and Send.
import type { ComposerTemplate } from './composer-templates.js';
import type { ComposerStatus } from './use-composer-send.js';

interface Props {
  expanded: boolean;
  onToggle: () => void;
  templates: readonly ComposerTemplate[];
  onTemplate: (key: string) => void;
  templatesDisabled: boolean;
  compact: boolean;
  onCompactChange: (on: boolean) => void;
  canSend: boolean;
  notLiveReason: string | null;
  onSend: () => void;
  status: ComposerStatus;
  historyOpen: boolean;
  onHistoryToggle: () => void;
}

export function ComposerToolbar(p: Props) {
  return (
    // A click on the bar's empty space opens the composer, as on a collapsed drawer.
    <div
      className="flex h-8 shrink-0 items-center gap-1.5 overflow-hidden border-b border-edge px-2"
      onClick={(e) => {
        if (!p.expanded && e.target instanceof Element && e.target.closest('button, label') === null) p.onToggle();
      }}
    >
      <button
        type="button"
        data-testid="composer-toggle"
        className="shrink-0 px-1 text-dim hover:text-white"
        aria-expanded={p.expanded}
        aria-label="composer"
        title={p.expanded ? 'Collapse the composer to this bar' : 'Open the composer (c)'}
        onClick={p.onToggle}
      >
        {p.expanded ? '▾' : '▸'}
      </button>
      {p.templates.map((t) => (
        <button
          key={t.key}
          type="button"
          data-testid={`template-${t.key}`}
          className="btn shrink-0 px-1.5"
          title={`a ${t.method} message, with the next free id`}
          disabled={p.templatesDisabled}
          onClick={() => p.onTemplate(t.key)}
        >
          {t.label}
        </button>
      ))}
      <label
        className="ml-1 flex shrink-0 items-center gap-1 whitespace-nowrap text-dim"
        title="Compact before send: multi-line JSON is joined into one line (on stdio a frame is one line)"
      >
        <input type="checkbox" data-testid="composer-compact" checked={p.compact} onChange={(e) => p.onCompactChange(e.target.checked)} />
        compact
      </label>
      <button type="button" data-testid="composer-history-toggle" className="btn shrink-0" aria-pressed={p.historyOpen} onClick={p.onHistoryToggle}>
        History
      </button>
      <span
        data-testid="composer-status"
        title={p.status.kind === 'idle' ? undefined : p.status.text}
        className={`ml-auto min-w-0 truncate font-mono text-[11px] ${p.status.kind === 'error' ? 'text-red-300' : 'text-dim'}`}
      >
        {p.notLiveReason ?? (p.status.kind !== 'idle' ? p.status.text : p.expanded ? 'Ctrl/Cmd+Enter sends' : 'raw JSON-RPC composer · c opens')}
      </span>
      <button
        type="button"
        data-testid="composer-send"
        className="btn btn-primary shrink-0"
        disabled={!p.canSend}
        onClick={p.onSend}
        title={p.notLiveReason ?? 'Send (Ctrl/Cmd+Enter)'}
      >
        Send
      </button>
    </div>
  );
}
