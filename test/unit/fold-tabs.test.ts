import { describe, expect, it } from 'vitest';
import { foldTabs, type FoldItem } from '../../web/lib/ui/fold-tabs.js';

const items: FoldItem[] = [
  { id: 'tools', group: 'explore', width: 50 },
  { id: 'resources', group: 'explore', width: 80 },
  { id: 'detail', group: 'inspect', width: 50 },
  { id: 'findings', group: 'inspect', width: 70 },
  { id: 'reference', group: 'reference', width: 80 },
];
const labelWidths = { explore: 60, inspect: 60 };

describe('folding a tab strip into one row', () => {
  it('keeps every tab when they and their group labels fit, without room for the more button', () => {
    expect(foldTabs({ items, labelWidths, available: 450, moreWidth: 40, selected: 'tools' })).toEqual([
      'tools',
      'resources',
      'detail',
      'findings',
      'reference',
    ]);
  });

  it('folds from the end, leaving room for the more button, and pays for a group label with its first tab', () => {
    // explore label 60 + tools 50 + resources 80 = 190; inspect label 60 + detail 50 = 300 > 290 - 40.
    expect(foldTabs({ items, labelWidths, available: 290, moreWidth: 40, selected: 'tools' })).toEqual(['tools', 'resources']);
    expect(foldTabs({ items, labelWidths, available: 340, moreWidth: 40, selected: 'tools' })).toEqual(['tools', 'resources', 'detail']);
  });

  it('always keeps the selected tab, in its place, even when it is the last one', () => {
    // reference 80 first, then explore 60 + 50 = 190; resources would make 270 > 250.
    expect(foldTabs({ items, labelWidths, available: 290, moreWidth: 40, selected: 'reference' })).toEqual(['tools', 'reference']);
  });

  it('keeps the selected tab alone when nothing else fits', () => {
    expect(foldTabs({ items, labelWidths, available: 100, moreWidth: 40, selected: 'findings' })).toEqual(['findings']);
  });
});
