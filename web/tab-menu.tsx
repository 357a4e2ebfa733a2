// The tab strip's "more" menu: the tabs that did not fit, under their group names; it closes on a pick, on Escape
// and on a click elsewhere. A folded tab's badge (requests waiting for an answer) shows on the menu's button instead.
import { useCallback, useRef, useState } from 'react';
import { useDismiss } from './lib/ui/use-dismiss.js';
import { TAB_GROUPS, type SidePanelDef, type TabGroup } from './side-panels.js';
import { TabLabel } from './tab-label.js';

interface Props {
  panels: readonly SidePanelDef[];
  labelled: ReadonlySet<TabGroup>;
  onTab: (id: string) => void;
  sessionId: string;
}

export function TabMenu({ panels, labelled, onTab, sessionId }: Props) {
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, boxRef, close);

  return (
    <div ref={boxRef} className="shrink-0">
      <button
        type="button"
        data-testid="tab-more"
        aria-haspopup="menu"
        aria-expanded={open}
        title={`More panels: ${panels.map((p) => p.title).join(', ')}`}
        className="ml-px shrink-0 whitespace-nowrap px-2.5 py-1 text-xs text-dim hover:text-white"
        onClick={() => setOpen((o) => !o)}
      >
        more ▾ <span className="text-[10px]">{panels.length}</span>
        {panels.map(
          (p) =>
            p.badge && (
              <span key={p.id} title={p.title}>
                {p.badge(sessionId)}
              </span>
            ),
        )}
      </button>
      {open && (
        <div role="menu" data-testid="tab-menu" className="absolute top-full right-0 z-30 min-w-44 rounded-b border border-edge bg-panel-2 py-1 shadow-lg">
          {TAB_GROUPS.map((g) => {
            const items = panels.filter((p) => p.group === g.id);
            if (items.length === 0) return null;
            return (
              <div key={g.id} role="group" aria-label={g.title}>
                {labelled.has(g.id) && <div className="px-3 pt-1 text-[10px] uppercase tracking-wide text-dim">{g.title}</div>}
                {items.map((p) => (
                  <button
                    key={p.id}
                    type="button"
                    role="menuitem"
                    data-testid={`tab-${p.id}`}
                    data-group={p.group}
                    className="block w-full px-4 py-1 text-left text-xs whitespace-nowrap text-ink hover:bg-button-hover"
                    onClick={() => {
                      setOpen(false);
                      onTab(p.id);
                    }}
                  >
                    <TabLabel panel={p} sessionId={sessionId} badge={false} />
                  </button>
                ))}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
