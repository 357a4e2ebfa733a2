// The panels column's tab strip: tabs in groups (Explore · Inspect · Lab · Reference) on one row at any width; what
// does not fit folds, from the end, into a "more" menu, and the open panel's tab always stays in the row.
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { foldTabs } from './lib/ui/fold-tabs.js';
import { TAB_GROUPS, type SidePanelDef, type TabGroup } from './side-panels.js';
import { TabLabel } from './tab-label.js';
import { TabMenu } from './tab-menu.js';

interface Props {
  panels: readonly SidePanelDef[];
  tab: string;
  onTab: (id: string) => void;
  sessionId: string;
}

const TAB_CLASS = 'shrink-0 whitespace-nowrap px-2.5 py-1 text-xs';
/** Room kept for a tab's badge: the measuring copy leaves badges out, as they carry test ids that must stay unique. */
const BADGE_ROOM = 28;
const LABEL_CLASS = 'shrink-0 select-none pl-2 pr-1 text-[10px] uppercase tracking-wide text-dim';

export function SideTabStrip({ panels, tab, onTab, sessionId }: Props) {
  const ordered = useMemo(() => TAB_GROUPS.flatMap((g) => panels.filter((p) => p.group === g.id)), [panels]);
  // A group of one tab (Reference) needs no label saying so.
  const labelled = useMemo(() => new Set(TAB_GROUPS.filter((g) => ordered.filter((p) => p.group === g.id).length > 1).map((g) => g.id)), [ordered]);
  const rowRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<readonly string[]>(() => ordered.map((p) => p.id));
  const shownRef = useRef(shown);
  shownRef.current = shown;

  // Measured off-screen at natural width (badges included), re-measured when the row or any tab changes size.
  useLayoutEffect(() => {
    const row = rowRef.current;
    const measure = measureRef.current;
    if (!row || !measure) return;
    const fit = () => {
      const width = (sel: string) => measure.querySelector<HTMLElement>(sel)?.getBoundingClientRect().width ?? 0;
      const next = foldTabs({
        items: ordered.map((p) => ({ id: p.id, group: p.group, width: width(`[data-measure="tab-${p.id}"]`) + (p.badge ? BADGE_ROOM : 0) })),
        labelWidths: Object.fromEntries([...labelled].map((g) => [g, width(`[data-measure="label-${g}"]`)])),
        // While tabs are folded the row already leaves room for the real "more" button (badges and all) beside it.
        available: row.clientWidth,
        moreWidth: shownRef.current.length < ordered.length ? 0 : width('[data-measure="more"]'),
        selected: tab,
      });
      setShown((prev) => (prev.length === next.length && prev.every((id, i) => id === next[i]) ? prev : next));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(row);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [ordered, labelled, tab]);

  const visible = new Set(shown);
  const folded = ordered.filter((p) => !visible.has(p.id));
  const row: ReactNode[] = [];
  let lastGroup: TabGroup | null = null;
  for (const p of ordered) {
    if (!visible.has(p.id)) continue;
    if (p.group !== lastGroup && labelled.has(p.group)) row.push(<GroupLabel key={`label-${p.group}`} group={p.group} />);
    lastGroup = p.group;
    row.push(
      <button
        key={p.id}
        type="button"
        role="tab"
        data-testid={`tab-${p.id}`}
        data-group={p.group}
        aria-selected={tab === p.id}
        className={`${TAB_CLASS} ${tab === p.id ? 'bg-panel text-white' : 'text-dim hover:text-white'}`}
        onClick={() => onTab(p.id)}
      >
        <TabLabel panel={p} sessionId={sessionId} badge />
      </button>,
    );
  }

  return (
    <nav className="relative flex shrink-0 items-center border-b border-edge bg-panel-2" aria-label="panels">
      <div ref={rowRef} role="tablist" data-testid="tab-strip" className="flex min-w-0 flex-1 items-center gap-px overflow-hidden">
        {row}
      </div>
      {folded.length > 0 && <TabMenu panels={folded} labelled={labelled} onTab={onTab} sessionId={sessionId} />}
      {/* The measuring copy: every tab's title at its natural width, out of sight and out of the accessibility tree. */}
      <div className="pointer-events-none invisible absolute top-0 left-0 h-0 w-0 overflow-hidden" aria-hidden="true">
        <div ref={measureRef} className="flex w-max items-center gap-px">
          {[...labelled].map((g) => (
            <GroupLabel key={g} group={g} measure />
          ))}
          {ordered.map((p) => (
            <span key={p.id} data-measure={`tab-${p.id}`} className={TAB_CLASS}>
              <TabLabel panel={p} sessionId={sessionId} badge={false} />
            </span>
          ))}
          <span data-measure="more" className={`${TAB_CLASS} ml-px`}>
            more ▾ 99
          </span>
        </div>
      </div>
    </nav>
  );
}

function GroupLabel({ group, measure = false }: { group: TabGroup; measure?: boolean }) {
  const title = TAB_GROUPS.find((g) => g.id === group)?.title ?? group;
  return (
    <span className={LABEL_CLASS} data-measure={measure ? `label-${group}` : undefined} data-testid={measure ? undefined : `tab-group-${group}`}>
      {title}
    </span>
  );
}
