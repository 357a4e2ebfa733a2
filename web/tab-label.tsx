// A panel tab's label wherever the tab is drawn (the strip, its "more" menu, the strip's measuring copy): the title
// and, in the strip, its badge. In the menu the badge shows on the "more" button instead, so a badge (and its test id)
// is drawn once.
import type { SidePanelDef } from './side-panels.js';

export function TabLabel({ panel, sessionId, badge }: { panel: SidePanelDef; sessionId: string; badge: boolean }) {
  return (
    <>
      {panel.title}
      {badge && panel.badge?.(sessionId)}
    </>
  );
}
