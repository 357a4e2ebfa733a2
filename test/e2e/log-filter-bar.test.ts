import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { inspectorTest } from '../helpers/inspector-test.js';
import { waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';

// One page for the file: each test sets the window width it reads and starts with the fold-out closed (a test before it
// may leave it open); the kind filter test ends with its filter off.
const it = inspectorTest({ command: [process.execPath, DEMO_SERVER], context: { viewport: { width: 1024, height: 768 } } });

async function atSize(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await waitForServer(page);
  if ((await page.getByTestId('filter-more').getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
  await expect.poll(() => page.getByTestId('filter-more').getAttribute('aria-expanded')).toBe('false');
}

/** The filter bar as drawn: its height, and how many lines its visible controls sit on. */
function bar(page: Page) {
  return page.getByTestId('log-filters').evaluate((el) => {
    const tops: number[] = [];
    for (const c of el.querySelectorAll<HTMLElement>('input, select, button, [data-testid="log-count"]')) {
      const r = c.getBoundingClientRect();
      // Folded controls are not drawn (display: none): no box, no line.
      if (r.width === 0 || r.height === 0) continue;
      const mid = r.top + r.height / 2;
      if (!tops.some((t) => Math.abs(t - mid) < 8)) tops.push(mid);
    }
    return { height: el.getBoundingClientRect().height, lines: tops.length };
  });
}

describe('the log filter bar', () => {
  it('stays on two lines at 1024 px, with direction and kinds folded behind "filters"', async ({ page }) => {
    await atSize(page, 1024, 768);
    await expect.poll(() => page.getByTestId('filter-more').isVisible()).toBe(true);
    const b = await bar(page);
    expect(b.lines).toBeLessThanOrEqual(2);
    expect(b.height).toBeLessThanOrEqual(64);
    expect(await page.getByTestId('filter-direction').isVisible()).toBe(false);
    expect(await page.getByTestId('filter-findings').isVisible()).toBe(true);
  });

  it('filters by kind from the fold-out, marks the button with the count, and closes on Escape keeping the filter', async ({ page }) => {
    await atSize(page, 1024, 768);
    const more = page.getByTestId('filter-more');
    await more.click();
    const request = page.locator('[data-testid="filter-kind"] [data-kind="request"]');
    await request.click();
    await expect.poll(() => page.getByTestId('log-count').textContent()).toMatch(/^\d+ \/ \d+ frames$/);
    expect(new Set(await page.locator('[data-testid="log-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind'))))).toEqual(
      new Set(['request']),
    );
    expect(await more.textContent()).toContain('(1)');
    await page.keyboard.press('Escape');
    await expect.poll(() => request.isVisible()).toBe(false);
    expect(await page.getByTestId('log-count').textContent()).toMatch(/^\d+ \/ \d+ frames$/);
    await more.click();
    await request.click();
    await expect.poll(() => page.getByTestId('log-count').textContent()).toMatch(/^\d+ frames$/);
  });

  it('shows direction and kinds inline at 1920 px, still on two lines', async ({ page }) => {
    await atSize(page, 1920, 1080);
    await expect.poll(() => page.getByTestId('filter-direction').isVisible()).toBe(true);
    expect(await page.getByTestId('filter-more').isVisible()).toBe(false);
    expect((await bar(page)).lines).toBeLessThanOrEqual(2);
  });
});
