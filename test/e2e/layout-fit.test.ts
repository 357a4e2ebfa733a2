import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { inspectorTest } from '../helpers/inspector-test.js';
import { callTool, openComposer, openTab, selectTool, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';
import { layoutFaults } from '../helpers/layout-faults.js';

// The two tests that drag a pane or a column and reload get a context of their own (freshPage): what they drag is
// remembered by the page (localStorage). The two that only resize the window share one page; each sets the size it
// starts at and waits (polls) for the tab strip to refold, a frame after a resize (CI once measured the strip at
// 1024 px while it still held its 1920 px tabs).
const it = inspectorTest({ command: [process.execPath, DEMO_SERVER] });

describe('the workbench fits its window', () => {
  it('has no page-level horizontal scroll and nothing covering a button or field at 1024, 1440 and 1920 px, in both themes', async ({ page }) => {
    await waitForServer(page);
    await page.locator('[data-testid="log-row"][data-dir="in"][data-kind="response"]').first().click();
    await page.getByTestId('detail-pane').waitFor();
    for (const tab of ['detail', 'tools']) {
      await openTab(page, tab);
      for (const [width, height] of [
        [1024, 768],
        [1440, 900],
        [1920, 1080],
      ] as const) {
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.setViewportSize({ width, height });
          await page.emulateMedia({ colorScheme });
          await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
          // Panes and the tab strip settle a frame or two after a resize (ResizeObserver): wait for a fault-free layout,
          // which never comes if something really overlaps.
          await expect
            .poll(async () => ({ tab, width, colorScheme, ...(await layoutFaults(page)) }), { timeout: 5000 })
            .toEqual({ tab, width, colorScheme, overflowX: 0, covered: [] });
        }
      }
    }
  });

  it('keeps the grouped tab strip on one row at 1024 px, folding the rest into a menu that still opens them', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await waitForServer(page);
    // The strip as drawn: how many tabs, on how many rows, and how many are cut off by its right edge.
    const strip = () =>
      page.evaluate(() => {
        const row = document.querySelector<HTMLElement>('[data-testid="tab-strip"]')!.getBoundingClientRect();
        const tabs = [...document.querySelectorAll<HTMLElement>('[data-testid="tab-strip"] [role="tab"]')].map((t) => t.getBoundingClientRect());
        return { count: tabs.length, rows: new Set(tabs.map((t) => Math.round(t.top))).size, clipped: tabs.filter((t) => t.right > row.right + 0.5).length };
      });
    // The strip refolds a frame after the window changes: wait until every tab it shows fits, on one row.
    const settled = async () => {
      await expect
        .poll(async () => {
          const s = await strip();
          return { rows: s.rows, clipped: s.clipped };
        })
        .toEqual({ rows: 1, clipped: 0 });
      return (await strip()).count;
    };
    const narrow = await settled();
    expect(narrow).toBeGreaterThanOrEqual(3);
    // Reference is the last tab: folded at this width, opened through the menu, then kept in the row while open.
    expect(await page.getByTestId('tab-strip').getByTestId('tab-reference').count()).toBe(0);
    await openTab(page, 'reference');
    await expect.poll(() => page.getByTestId('tab-reference').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('tab-strip').getByTestId('tab-reference').count()).toBe(1);
    await settled();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(async () => (await strip()).count).toBeGreaterThan(narrow);
    await settled();
  });

  it('tells every method apart and keeps the summary readable at 1024 and 1440 px, in both themes', async ({ page }) => {
    await waitForServer(page);
    // add_note makes the demo server send notifications/resources/list_changed and notifications/prompts/list_changed.
    await selectTool(page, 'add_note');
    await page.locator('#args_name').fill(`cols${Date.now() % 100000}`);
    await callTool(page, 'Added the resource');
    for (const method of ['notifications/resources/list_changed', 'notifications/prompts/list_changed']) {
      await page.locator(`[data-testid="log-row"][data-method="${method}"]`).first().waitFor({ timeout: 15_000 });
    }
    for (const [width, height] of [
      [1024, 768],
      [1440, 900],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const where = `${width}×${height} ${colorScheme}`;
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme });
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
        await expect.poll(async () => (await layoutFaults(page)).overflowX, { timeout: 5000 }).toBe(0);
        // The rows are virtualized: read them at the top of the log (the handshake) and at its end (the list_changed).
        const cells = [...(await methodCells(page, 'top')), ...(await methodCells(page, 'end'))];
        const shown = new Map<string, Set<string>>();
        for (const c of cells) {
          expect(c.title, `tooltip of #${c.seq}`).toBe(c.method);
          expect(c.visible.length, `method cell of #${c.seq} (${c.method}) at ${where}: "${c.visible}"`).toBeGreaterThanOrEqual(Math.min(12, c.text.length));
          expect(c.summaryWidth, `summary cell of #${c.seq} at ${where}`).toBeGreaterThanOrEqual(110);
          shown.set(c.method, (shown.get(c.method) ?? new Set()).add(c.visible));
        }
        for (const method of ['initialize', 'notifications/initialized', 'notifications/resources/list_changed', 'notifications/prompts/list_changed']) {
          expect(shown.has(method), `${method} in the log at ${where}`).toBe(true);
        }
        // Different methods never read the same: no visible text belongs to two methods.
        const owners = new Map<string, string>();
        for (const [method, texts] of shown) {
          for (const text of texts) {
            expect(owners.get(text) ?? method, `"${text}" at ${where}`).toBe(method);
            owners.set(text, method);
          }
        }
      }
    }
  });

  it('fits the method column to notifications/resources/list_changed, unclipped, and keeps a dragged column width across a reload', async ({
    freshPage: page,
  }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await waitForServer(page);
    // add_note makes the demo server send notifications/resources/list_changed.
    await selectTool(page, 'add_note');
    await page.locator('#args_name').fill(`fit${Date.now() % 100000}`);
    await callTool(page, 'Added the resource');
    const cell = page.locator('[data-testid="log-row"][data-method="notifications/resources/list_changed"] [data-col="method"]').first();
    await cell.waitFor({ timeout: 15_000 });
    expect(await cell.getAttribute('title')).toBe('notifications/resources/list_changed');
    await expect.poll(() => cell.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await cell.textContent()).toBe('notifications/resources/list_changed');

    const time = page.locator('[data-testid="log-header"] [data-column="time"]');
    const before = (await time.boundingBox())!.width;
    await dragBy(page, 'log-col-resize-time', 40, 0);
    const dragged = (await time.boundingBox())!.width;
    expect(dragged).toBeGreaterThan(before + 30);
    await page.reload();
    await waitForServer(page);
    expect(Math.abs((await time.boundingBox())!.width - dragged)).toBeLessThanOrEqual(2);
    await page.getByTestId('log-col-resize-time').dblclick();
    await expect.poll(async () => Math.round((await time.boundingBox())!.width)).toBe(Math.round(before));
  });

  it('keeps the dragged split between the log and the panels, and the composer height, across a reload', async ({ freshPage: page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await waitForServer(page);
    const side = page.getByTestId('pane-side');
    const composer = page.getByTestId('pane-composer');
    const width = async () => (await side.boundingBox())!.width;
    const height = async () => (await composer.boundingBox())!.height;

    // The composer starts as a one-line bar, and the `c` key opens it.
    expect(await height()).toBeLessThan(40);
    await page.getByTestId('log-table').click();
    await page.keyboard.press('c');
    await expect.poll(() => page.getByTestId('composer').getAttribute('data-expanded')).toBe('true');
    expect(await height()).toBeGreaterThan(150);

    const before = await width();
    await dragBy(page, 'split-columns', -160, 0);
    await dragBy(page, 'split-log-composer', 0, -60);
    const dragged = { side: await width(), composer: await height() };
    expect(dragged.side).toBeGreaterThan(before + 100);

    await page.reload();
    await waitForServer(page);
    await expect.poll(width).toBeCloseTo(dragged.side, -1);
    expect(Math.abs((await width()) - dragged.side)).toBeLessThanOrEqual(3);
    expect(Math.abs((await height()) - dragged.composer)).toBeLessThanOrEqual(3);
    await openComposer(page);
  });
});

/**
 * The method cells of the rows drawn (the view and its overscan) with the log scrolled to its top or its end: each
 * cell's text, what of it is visible (the characters drawn wholly inside the cell, less the one under the ellipsis when
 * cut) and its row's summary width.
 */
async function methodCells(page: Page, at: 'top' | 'end') {
  await page.getByTestId('log-table').evaluate((el, top) => {
    el.scrollTop = top ? 0 : el.scrollHeight;
  }, at === 'top');
  // The virtualizer draws the rows for the new scroll position a frame later.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="log-table"] [data-testid="log-row"]')]
      .filter((row) => row.dataset.method !== '')
      .map((row) => {
        const cell = row.querySelector<HTMLElement>('[data-col="method"]')!;
        const box = cell.getBoundingClientRect();
        const node = cell.querySelector('bdi')!.firstChild!;
        const text = node.textContent ?? '';
        const range = document.createRange();
        let visible = '';
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const r = range.getBoundingClientRect();
          if (r.left >= box.left - 0.5 && r.right <= box.right + 0.5) visible += text[i];
        }
        if (cell.scrollWidth > cell.clientWidth) visible = visible.slice(1);
        return {
          seq: row.dataset.seq,
          method: row.dataset.method!,
          title: cell.title,
          text,
          visible,
          summaryWidth: row.querySelector('[data-col="summary"]')!.getBoundingClientRect().width,
        };
      }),
  );
}

/** Drags a separator with the mouse, in steps, as a person would. */
async function dragBy(page: Page, testId: string, dx: number, dy: number) {
  const box = (await page.getByTestId(testId).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}
