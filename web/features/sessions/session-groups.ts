// Puts the sessions a tool made for another (the fault lab's and the check's scratch connections, replays, later fuzz
// runs) under the session they were run for, so the sessions a person made stay on top and a lab run does not bury them.

import type { HistoryEntry } from '../../../shared/archive-api.js';

/** What made a session, from its tag (set when it was made) or, for older recordings, its origin. */
const MAKERS = ['lab', 'check', 'replay', 'fuzz'] as const;
export type Maker = (typeof MAKERS)[number];

export function makerOf(s: Pick<HistoryEntry, 'tags' | 'origin' | 'scratchFor'>): Maker | null {
  const tagged = MAKERS.find((m) => s.tags.includes(m));
  if (tagged) return tagged;
  if (s.origin === 'replay') return 'replay';
  return s.origin === 'scratch' ? 'lab' : null;
}

/** Made by a tool for another session, rather than by a person. */
function isMadeByTool(s: Pick<HistoryEntry, 'tags' | 'origin' | 'scratchFor'>): boolean {
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
  const byId = new Map(list.map((s) => [s.id, s] as const));
  /** The listed session at the top of `s`'s chain of "made for" (a replay of a lab session goes under the lab's session). */
  const rootOf = (s: HistoryEntry): HistoryEntry => {
    let at = s;
    const seen = new Set<string>([s.id]);
    while (at.scratchFor !== null && byId.has(at.scratchFor)) {
      // A loop (made for each other: never made so, but the store is data) has no top: each stands on its own.
      if (seen.has(at.scratchFor)) return s;
      at = byId.get(at.scratchFor)!;
      seen.add(at.id);
    }
    return at;
  };
  const children = new Map<string, HistoryEntry[]>();
  const orphans: SessionGroup[] = [];
  const top: SessionGroup[] = [];
  for (const s of list) {
    const root = rootOf(s);
    if (root !== s) {
      const kids = children.get(root.id) ?? [];
      kids.push(s);
      children.set(root.id, kids);
    } else if (isMadeByTool(s)) orphans.push({ session: s, children: [] });
    else top.push({ session: s, children: [] });
  }
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
