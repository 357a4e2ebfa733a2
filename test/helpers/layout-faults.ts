// Layout faults measured in a real page: buttons and fields whose centre something else covers, and page-level
// horizontal overflow. Shared by the e2e files that check the workbench fits its window (normal and presenting).
import type { Page } from 'playwright-core';

/** Visible buttons and fields (not scrolled out of their own list) whose own centre is covered by something else, and the page's horizontal overflow. */
export async function layoutFaults(page: Page): Promise<{ overflowX: number; covered: string[] }> {
  return page.evaluate(() => {
    const scrolledOut = (el: HTMLElement, x: number, y: number) => {
      for (let a = el.parentElement; a !== null; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (!/auto|scroll/.test(style.overflowX + style.overflowY)) continue;
        const b = a.getBoundingClientRect();
        if (x < b.left || x >= b.right || y < b.top || y >= b.bottom) return true;
      }
      return false;
    };
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, input, select, textarea')) {
      // Monaco's hidden input area sits under its own text layer by design.
      if (el.closest('[aria-hidden="true"]') || el.getAttribute('aria-hidden') === 'true') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      // A row scrolled out of its own list (the tool list, stacked over the form) is out of sight, not covered.
      if (scrolledOut(el, x, y)) continue;
      const hit = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
      if (hit === el || (hit !== null && el.contains(hit))) continue;
      covered.push(`${el.outerHTML.slice(0, 100)} under ${hit?.outerHTML.slice(0, 80) ?? 'the window edge'}`);
    }
    return { overflowX: document.documentElement.scrollWidth - innerWidth, covered };
  });
}
