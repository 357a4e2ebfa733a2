// Switches between the inspector and the Sessions view, and says when the inspector shows a read-only recording or a
// session a host runs through mcpscope tap.
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { PresentToggle } from './present-toggle.js';
import { ThemeToggle } from './theme-toggle.js';

export type WorkbenchView = 'inspect' | 'sessions';

interface Props {
  view: WorkbenchView;
  onView: (view: WorkbenchView) => void;
  session: SessionInfo | null;
}

const TABS: Array<{ id: WorkbenchView; label: string }> = [
  { id: 'inspect', label: 'Inspector' },
  { id: 'sessions', label: 'Sessions & profiles' },
];

export function ViewTabs({ view, onView, session }: Props) {
  return (
    <nav className="flex shrink-0 items-center gap-px border-b border-edge bg-panel-2 px-2" aria-label="views">
      {/* The tablist holds the two tabs alone: the badges and toggles beside them are no tabs. */}
      <div role="tablist" aria-label="views" className="flex items-center gap-px">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            data-testid={`view-tab-${t.id}`}
            aria-selected={view === t.id}
            className={`px-3 py-0.5 text-xs ${view === t.id ? 'bg-panel text-white' : 'text-dim hover:text-white'}`}
            onClick={() => onView(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <span className="flex-1" />
      {view === 'inspect' && session?.tapped === true && (
        <span
          className="font-mono text-[11px] text-sky-200"
          data-testid="readonly-badge"
          data-tapped="true"
          title="recorded by mcpscope tap between a host and its server: the host owns the ids and the handshake, so the composer, panels, batch and fault lab send nothing here"
        >
          {session.status === 'running' ? 'tapped by a host, live · read-only' : 'tapped by a host · read-only'}
        </span>
      )}
      {view === 'inspect' && session !== null && !session.live && session.tapped !== true && (
        <span className="font-mono text-[11px] text-amber-200" data-testid="readonly-badge" title="recorded earlier or imported: nothing can be sent">
          read-only recording
        </span>
      )}
      <PresentToggle />
      <ThemeToggle />
    </nav>
  );
}
