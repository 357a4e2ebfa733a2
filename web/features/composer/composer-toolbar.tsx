// The composer's toolbar: template buttons, the compact toggle, the send button and the last send's outcome.
import type { ComposerTemplate } from './composer-templates.js';
import type { ComposerStatus } from './use-composer-send.js';

interface Props {
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
    <div className="flex shrink-0 flex-wrap items-center gap-1.5 border-b border-edge px-2 py-1">
      {p.templates.map((t) => (
        <button
          key={t.key}
          type="button"
          data-testid={`template-${t.key}`}
          className="btn shrink-0 px-2 font-mono"
          disabled={p.templatesDisabled}
          onClick={() => p.onTemplate(t.key)}
        >
          {t.label}
        </button>
      ))}
      <label className="ml-2 flex shrink-0 items-center gap-1 whitespace-nowrap text-dim" title="Multi-line JSON is joined into one line: on stdio a frame is one line">
        <input type="checkbox" data-testid="composer-compact" checked={p.compact} onChange={(e) => p.onCompactChange(e.target.checked)} />
        compact before send
      </label>
      <button type="button" data-testid="composer-history-toggle" className="btn shrink-0" aria-pressed={p.historyOpen} onClick={p.onHistoryToggle}>
        History
      </button>
      <span
        data-testid="composer-status"
        title={p.status.kind === 'idle' ? undefined : p.status.text}
        className={`ml-auto min-w-0 truncate font-mono text-[11px] ${p.status.kind === 'error' ? 'text-red-300' : 'text-dim'}`}
      >
        {p.notLiveReason ?? (p.status.kind === 'idle' ? 'Ctrl/Cmd+Enter sends' : p.status.text)}
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
