// Puts the sessions a tool made for another (the fault lab's and the check's scratch connections, replays, later fuzz
// runs) under the session they were run for, so the sessions a person made stay on top and a lab run does not bury them.

import type { HistoryEntry } from '../../../shared/archive-api.js';

/** What made a session, from its tag (set when it was made) or, for older recordings, its origin. */
export const MAKERS = ['lab', 'check', 'replay', 'fuzz'] as const;
export type Maker = (typeof MAKERS)[number];

export function makerOf(s: Pick<HistoryEntry, 'tags' | 'origin' | 'scratchFor'>): Maker | null {
  const tagged = MAKERS.find((m) => s.tags.includes(m));
  if (tagged) return tagged;
  if (s.origin === 'replay') return 'replay';
  return s.origin === 'scratch' ? 'lab' : null;
}

/** Made by a tool for another session, rather than by a person. */
export function isMadeByTool(s: Pick<HistoryEntry, 'tags' | 'origin' | 'scratchFor'>): boolean {
  return s.scratchFor !== null || s.origin === 'scratch';
}

export interface SessionGroup {
  session: HistoryEntry;
  /** Sessions made for this one, in the order listed (newest first). */
  children: HistoryEntry[];
}

/**
 * One group per session a person made, in the order given, each with what tools made for it; then what tools made for
 * sessions not in the list (filtered out, deleted, or on the next page), each on its own, after the rest.
 */
export function groupSessions(list: readonly HistoryEntry[]): SessionGroup[] {
  const ids = new Set(list.map((s) => s.id));
  const children = new Map<string, HistoryEntry[]>();
  const orphans: SessionGroup[] = [];
  const top: SessionGroup[] = [];
  for (const s of list) {
    if (s.scratchFor !== null && ids.has(s.scratchFor) && s.scratchFor !== s.id) {
      const kids = children.get(s.scratchFor) ?? [];
      kids.push(s);
      children.set(s.scratchFor, kids);
    } else if (isMadeByTool(s)) orphans.push({ session: s, children: [] });
    else top.push({ session: s, children: [] });
  }
  // A child whose parent was itself made by a tool stays under that parent, wherever it is listed.
  for (const g of [...top, ...orphans]) g.children = children.get(g.session.id) ?? [];
  return [...top, ...orphans];
}

/** "3 made for it: 2 lab, 1 check": what a collapsed group says. */
export function childrenSummary(children: readonly HistoryEntry[]): string {
  const counts = new Map<string, number>();
  for (const c of children) {
    const m = makerOf(c) ?? 'other';
    counts.set(m, (counts.get(m) ?? 0) + 1);
  }
  return `${children.length} made for it: ${[...counts].map(([m, n]) => `${n} ${m}`).join(', ')}`;
}
