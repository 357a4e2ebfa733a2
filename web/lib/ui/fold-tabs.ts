// Which tabs of a one-row strip stay in the row and which fold into its "more" menu, from measured widths. Pure, so
// the rule (keep the order, always keep the selected tab, fold from the end) has unit tests of its own.

export interface FoldItem {
  id: string;
  group: string;
  width: number;
}

export interface FoldInput {
  items: readonly FoldItem[];
  /** The width of a group's label, for groups shown with one; a label is paid for with its group's first shown tab. */
  labelWidths: Readonly<Record<string, number>>;
  /** The row's width, and the "more" button's, which is only needed when something folds. */
  available: number;
  moreWidth: number;
  selected: string;
}

/** The ids that stay in the row, in their order. */
export function foldTabs({ items, labelWidths, available, moreWidth, selected }: FoldInput): string[] {
  const cost = (item: FoldItem, groups: ReadonlySet<string>) => item.width + (groups.has(item.group) ? 0 : (labelWidths[item.group] ?? 0));
  const everything = new Set<string>();
  let total = 0;
  for (const item of items) {
    total += cost(item, everything);
    everything.add(item.group);
  }
  if (total <= available) return items.map((i) => i.id);

  const budget = available - moreWidth;
  const kept = new Set<string>();
  const groups = new Set<string>();
  let used = 0;
  const keep = (item: FoldItem) => {
    used += cost(item, groups);
    kept.add(item.id);
    groups.add(item.group);
  };
  // The selected tab first: whatever folds, the open panel's tab stays in view.
  const chosen = items.find((i) => i.id === selected);
  if (chosen) keep(chosen);
  for (const item of items) {
    if (item === chosen) continue;
    if (used + cost(item, groups) > budget) break;
    keep(item);
  }
  return items.filter((i) => kept.has(i.id)).map((i) => i.id);
}
