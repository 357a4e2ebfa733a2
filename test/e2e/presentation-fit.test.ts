// Presentation mode in the rooms people present in (a 1024×768 or 1280×720 projector), in both themes, measured by
// geometry: panes stacked (Detail below the log), the connection bar's buttons whole and uncovered, Send clear of
// Detail, no sideways scroll, and each log row's method and summary wide enough to read; j/k still walk the exchanges.
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { inspectorTest } from '../helpers/inspector-test.js';
import { layoutFaults } from '../helpers/layout-faults.js';
import { callTool, selectTool, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';

// `?present` turns the mode on for this page only (nothing remembered), so the shared page needs no cleanup.
const it = inspectorTest({ command: [process.execPath, DEMO_SERVER], query: 'present' });

const ROOMS = [
  [1024, 768],
  [1280, 720],
] as const;
/** Screen pixels (zoom included) a row's summary keeps at least: ~25 characters of the presentation's monospace. */
const SUMMARY_MIN_PX = 240;
/** A method cell narrower than its name keeps at least this much (its end shows, which tells methods apart). */
const METHOD_MIN_PX = 150;
const LONG_METHOD = 'notifications/resources/list_changed';

type Box = { left: number; top: number; right: number; bottom: number; width: number; height: number };

/** Everything the checks below measure, in one pass over the page (screen pixels, presentation zoom included). */
function measure(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null): Box | null => {
      if (el === null) return null;
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    };
    const byId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
    // A button reads in full when its text is not clipped and its centre is its own (nothing drawn over it).
    const button = (id: string) => {
      const el = byId(id) as HTMLElement | null;
      if (el === null) return null;
      const b = box(el)!;
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      return { id, box: b, clipped: el.scrollWidth > el.clientWidth, text: el.textContent, covered: hit === null || !(hit === el || el.contains(hit)) };
    };
    const table = byId('log-table')!;
    const tableBox = box(table)!;
    const rows = [...table.querySelectorAll<HTMLElement>('[data-testid="log-row"]')].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= tableBox.top && b.bottom <= tableBox.bottom;
    });
    const cells = rows.map((r) => {
      const method = r.querySelector<HTMLElement>('[data-col="method"]')!;
      const summary = r.querySelector<HTMLElement>('[data-col="summary"]')!;
      return {
        seq: r.dataset.seq,
        method: r.dataset.method,
        methodWidth: method.getBoundingClientRect().width,
        methodWhole: method.scrollWidth <= method.clientWidth,
        summaryWidth: summary.getBoundingClientRect().width,
      };
    });
    return {
      buttons: ['connect-button', 'restart-button', 'stop-button', 'present-toggle'].map(button),
      send: button('composer-send'),
      composer: box(byId('pane-composer')),
      side: box(byId('pane-side')),
      log: tableBox,
      cells,
      viewport: { width: innerWidth, height: innerHeight },
    };
  });
}

const overlap = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

describe('presentation mode fits a projector', () => {
  it('stacks Detail below the log at 1024×768 and 1280×720 in both themes: whole buttons, Send clear, no sideways scroll, readable rows', async ({ page }) => {
    await waitForServer(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('present'))).toBe(true);
    // Short methods and the longest the demo sends: add_note makes it send notifications/resources/list_changed.
    await selectTool(page, 'add_note');
    await page.locator('#args_name').fill(`present${Date.now() % 100000}`);
    await callTool(page, 'Added the resource');
    await page.locator(`[data-testid="log-row"][data-method="${LONG_METHOD}"]`).first().waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="log-row"][data-dir="in"][data-kind="response"]').last().click();
    await page.getByTestId('detail-pane').waitFor();
    for (const [width, height] of ROOMS) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const where = { width, height, colorScheme };
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme });
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
        // Panes and the tab strip settle a frame or two after a resize: wait for a fault-free page, which never comes
        // if something really overlaps or pushes the page sideways.
        await expect.poll(async () => ({ ...where, ...(await layoutFaults(page)) }), { timeout: 5000 }).toEqual({ ...where, overflowX: 0, covered: [] });
        const m = await measure(page);

        // The connection bar's buttons: each whole, inside the window, uncovered, and apart from each other.
        for (const b of m.buttons) {
          expect(b, `${b?.id} at ${width}×${height} ${colorScheme}`).toMatchObject({ clipped: false, covered: false });
          expect(b!.box.left).toBeGreaterThanOrEqual(0);
          expect(b!.box.right).toBeLessThanOrEqual(m.viewport.width);
        }
        expect(m.buttons.map((b) => b!.text)).toEqual(['Connect', 'Restart', 'Stop', '▣ present']);
        for (const [i, a] of m.buttons.entries()) for (const b of m.buttons.slice(i + 1)) expect(overlap(a!.box, b!.box), `${a!.id} × ${b!.id}`).toBe(false);

        // Stacked: the panels column (Detail) lies below the log and the composer's bar, overlapping neither; Send is
        // whole, uncovered and inside the window.
        expect(m.side!.top).toBeGreaterThanOrEqual(m.composer!.bottom - 1);
        expect(m.side!.top).toBeGreaterThanOrEqual(m.log.bottom - 1);
        expect(overlap(m.side!, m.send!.box)).toBe(false);
        expect(m.send).toMatchObject({ clipped: false, covered: false, text: 'Send' });
        expect(m.send!.box.right).toBeLessThanOrEqual(m.viewport.width);
        expect(m.side!.width).toBeGreaterThanOrEqual(width - 2);
        expect(m.side!.height).toBeGreaterThan(200);

        // Every row in view: the method whole or at least METHOD_MIN_PX wide (its end shows), the summary SUMMARY_MIN_PX.
        expect(m.cells.length).toBeGreaterThanOrEqual(4);
        for (const c of m.cells) {
          expect(c.methodWhole || c.methodWidth >= METHOD_MIN_PX, `method cell of #${c.seq} (${c.method}): ${c.methodWidth} px`).toBe(true);
          expect(c.summaryWidth, `summary cell of #${c.seq} at ${width}×${height}`).toBeGreaterThanOrEqual(SUMMARY_MIN_PX);
        }
        // The long name shows its end, which tells it from …/prompts/list_changed, beside a summary that stays readable.
        expect(m.cells.some((c) => c.method === LONG_METHOD)).toBe(true);
      }
    }
  });

  it('keeps Send clear of Detail with the composer open, j/k still walk the exchanges with Detail following, and leaving the mode puts the panes back side by side, at 1024×768', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await waitForServer(page);
    // The composer opens (c) into the log's room; Detail stays below it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('c');
    await expect.poll(() => page.getByTestId('composer').getAttribute('data-expanded')).toBe('true');
    await expect.poll(async () => (await layoutFaults(page)).covered).toEqual([]);
    const open = await measure(page);
    expect(open.send).toMatchObject({ clipped: false, covered: false });
    expect(open.side!.top).toBeGreaterThanOrEqual(open.composer!.bottom - 1);
    await page.getByTestId('composer-toggle').click();
    await expect.poll(() => page.getByTestId('composer').getAttribute('data-expanded')).toBe('false');

    // Walk from the top: each j selects the next exchange's first frame, scrolled into the log's view, with Detail on it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Home');
    const selected = page.locator('[data-testid="log-row"][aria-selected="true"]');
    const seqs: number[] = [];
    for (let i = 0; i < 4; i++) {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('j');
      await expect.poll(async () => Number(await selected.getAttribute('data-seq'))).toBeGreaterThan(seqs.at(-1) ?? 0);
      const seq = Number(await selected.getAttribute('data-seq'));
      await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(String(seq));
      const { row, log } = await selected.evaluate((r) => ({
        row: r.getBoundingClientRect().toJSON() as DOMRect,
        log: document.querySelector('[data-testid="log-table"]')!.getBoundingClientRect().toJSON() as DOMRect,
      }));
      expect(row.top).toBeGreaterThanOrEqual(log.top);
      expect(row.bottom).toBeLessThanOrEqual(log.bottom + 0.5);
      seqs.push(seq);
    }
    await page.keyboard.press('k');
    await expect.poll(async () => Number(await selected.getAttribute('data-seq'))).toBe(seqs.at(-2));
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(String(seqs.at(-2)));

    // Leaving the mode turns the same panes back side by side, each at least its minimum, nothing covered.
    await page.getByTestId('present-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('present'))).toBe(false);
    await expect.poll(async () => (await layoutFaults(page)).covered).toEqual([]);
    const side = (await page.getByTestId('pane-side').boundingBox())!;
    const log = (await page.getByTestId('log-table').boundingBox())!;
    expect(side.x).toBeGreaterThanOrEqual(log.x + log.width - 1);
    expect(side.width).toBeGreaterThanOrEqual(359);
    expect(log.width).toBeGreaterThanOrEqual(519);
    await page.getByTestId('present-toggle').click();
  });
});
