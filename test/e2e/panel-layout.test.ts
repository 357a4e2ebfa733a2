import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { inspectorTest } from '../helpers/inspector-test.js';
import { callTool, openTab, selectTool, waitForServer } from '../helpers/panel-page.js';
import { EVERYTHING_SERVER } from '../helpers/relay-process.js';

// One page for the file: each test sets the window size it measures at first (two of them change it), and opens the
// tab and picks the item it reads.
const it = inspectorTest({ command: [process.execPath, EVERYTHING_SERVER, 'stdio'], context: { viewport: { width: 1440, height: 900 } } });
const WIDE = { width: 1440, height: 900 };

type Box = { left: number; right: number; top: number; bottom: number };
const box = (l: Locator): Promise<Box> =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  });

/** Where a panel's list and form columns sit, against the panel itself. */
async function columns(page: Page, panel: string, prefix: string) {
  const [section, list, form] = await Promise.all([
    box(page.getByTestId(panel)),
    box(page.getByTestId(`${prefix}-list`)),
    box(page.getByTestId(`${prefix}-form`)),
  ]);
  return { section, list, form };
}

/** The list runs down to the panel's bottom and the form sits to its right. */
async function expectSideBySide(page: Page, panel: string, prefix: string): Promise<Box> {
  const { section, list, form } = await columns(page, panel, prefix);
  expect(Math.abs(list.bottom - section.bottom)).toBeLessThanOrEqual(1);
  expect(form.left).toBeGreaterThanOrEqual(list.right);
  expect(list.right - list.left).toBeGreaterThan(150);
  return form;
}

/** The element lies inside the window and inside the form column. */
async function expectInSight(page: Page, el: Locator, form: Box): Promise<void> {
  const r = await box(el);
  const height = await page.evaluate(() => innerHeight);
  expect(r.top).toBeGreaterThanOrEqual(form.top - 1);
  expect(r.left).toBeGreaterThanOrEqual(form.left - 1);
  expect(r.top).toBeLessThan(height);
  expect(Math.min(r.bottom, form.bottom)).toBeLessThanOrEqual(height);
}

/** Heights of the given one-line elements beyond their own line height: 0 for every element that did not wrap. */
function overOneLine(items: Locator): Promise<number[]> {
  return items.evaluateAll((els) => els.map((el) => Math.max(0, Math.round(el.getBoundingClientRect().height - parseFloat(getComputedStyle(el).lineHeight)))));
}

describe('lists at full height beside their forms', () => {
  it('shows every tool name on one line in a full-height list, the form beside it and the echo result in sight', async ({ page }) => {
    await page.setViewportSize(WIDE);
    await waitForServer(page);
    await openTab(page, 'tools');
    await expect.poll(() => page.getByTestId('tool-item').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    const names = page.getByTestId('tool-name');
    expect(await names.count()).toBe(await page.getByTestId('tool-item').count());
    expect(new Set(await overOneLine(names))).toEqual(new Set([0]));
    // …and whole: the name keeps its width and the title gives way.
    expect(await names.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent))).toEqual([]);
    // Descriptions are clamped to one line with the whole text in the tooltip.
    const summary = page.locator('[data-testid="tool-item"][data-name="echo"] [data-testid="tool-summary"]');
    expect(await overOneLine(summary)).toEqual([0]);
    expect(await summary.getAttribute('title')).toMatch(/echo/i);

    await selectTool(page, 'echo');
    const form = await expectSideBySide(page, 'tools-panel', 'tools');
    await page.locator('#args_message').fill('beside the list');
    const result = await callTool(page, 'Echo: beside the list');
    await expectInSight(page, result, form);
  });

  it('scrolls a result that lands below a tall form into sight', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 560 });
    await waitForServer(page);
    // get-sum's two fields, its description and buttons push the result towards the bottom of a short window.
    await selectTool(page, 'get-sum');
    await page.locator('#args_a').fill('40');
    await page.locator('#args_b').fill('2');
    const form = await expectSideBySide(page, 'tools-panel', 'tools');
    const result = await callTool(page, '42');
    await expectInSight(page, result, form);
  });

  it('stacks the form under the list when the panel is narrow (1024 px)', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await waitForServer(page);
    await selectTool(page, 'echo');
    const { list, form } = await columns(page, 'tools-panel', 'tools');
    expect(form.top).toBeGreaterThanOrEqual(list.bottom - 1);
    expect(new Set(await overOneLine(page.getByTestId('tool-name')))).toEqual(new Set([0]));
  });

  it('reads a resource beside the full-height resource list', async ({ page }) => {
    await page.setViewportSize(WIDE);
    await waitForServer(page);
    await openTab(page, 'resources');
    const first = page.getByTestId('resource-item').first();
    await first.waitFor({ timeout: 15_000 });
    await first.click();
    const form = await expectSideBySide(page, 'resources-panel', 'resources');
    const reader = page.getByTestId('resource-reader');
    await reader.waitFor();
    await expect.poll(() => reader.getByTestId('resource-contents').or(reader.getByTestId('resource-text')).count()).toBeGreaterThan(0);
    await expectInSight(page, reader, form);
  });

  it('gets a prompt beside the full-height prompt list', async ({ page }) => {
    await page.setViewportSize(WIDE);
    await waitForServer(page);
    await openTab(page, 'prompts');
    const item = page.locator('[data-testid="prompt-item"][data-name="simple-prompt"]');
    await item.waitFor({ timeout: 15_000 });
    expect(new Set(await overOneLine(page.getByTestId('prompt-name')))).toEqual(new Set([0]));
    await item.click();
    const form = await expectSideBySide(page, 'prompts-panel', 'prompts');
    await page.getByTestId('prompt-get').click();
    const result = page.getByTestId('prompt-result');
    await result.waitFor({ timeout: 10_000 });
    await expectInSight(page, result, form);
  });
});
