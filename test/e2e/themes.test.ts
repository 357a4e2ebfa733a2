import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousContrastViolations } from '../helpers/axe-page.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { openComposer, selectTool, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';

// One page for the tests that only emulate the system's scheme (each sets the one it reads); the toggle's test changes
// localStorage, so it gets a context of its own (freshPage).
const it = inspectorTest({ command: [process.execPath, DEMO_SERVER] });

/** The relative luminance (0 black … 1 white) of an element's computed background. */
async function backgroundLuminance(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const probe = document.createElement('canvas').getContext('2d')!;
      probe.fillStyle = getComputedStyle(el).backgroundColor;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b] = Array.from(probe.getImageData(0, 0, 1, 1).data).map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    });
}

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

describe('light and dark themes', () => {
  it('follows the system: prefers-color-scheme light gives a light page, dark a dark one, switching live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await waitForServer(page);
    await expect.poll(() => theme(page)).toBe('light');
    expect(await backgroundLuminance(page, 'body')).toBeGreaterThan(0.8);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await backgroundLuminance(page, 'body')).toBeLessThan(0.05);
    expect(await page.getByTestId('theme-toggle').getAttribute('data-choice')).toBe('system');
  });

  it('remembers a toggled theme across a reload against the system setting, and the editor follows it', async ({ freshPage: page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await waitForServer(page);
    await openComposer(page);
    const editor = page.getByTestId('composer-editor').locator('.monaco-editor');
    await editor.waitFor({ timeout: 20_000 });
    expect(await backgroundLuminance(page, '[data-testid="composer-editor"] .monaco-editor-background')).toBeLessThan(0.05);

    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => theme(page)).toBe('light');
    await expect.poll(() => backgroundLuminance(page, '[data-testid="composer-editor"] .monaco-editor-background')).toBeGreaterThan(0.8);

    await page.reload();
    await waitForServer(page);
    await openComposer(page);
    expect(await theme(page)).toBe('light');
    expect(await page.getByTestId('theme-toggle').getAttribute('data-choice')).toBe('light');
    await editor.waitFor({ timeout: 20_000 });
    await expect.poll(() => backgroundLuminance(page, '[data-testid="composer-editor"] .monaco-editor-background')).toBeGreaterThan(0.8);

    // light → dark → back to following the system (dark here), which is forgotten as a choice.
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => theme(page)).toBe('dark');
    await page.getByTestId('theme-toggle').click();
    expect(await page.getByTestId('theme-toggle').getAttribute('data-choice')).toBe('system');
    expect(await page.evaluate(() => localStorage.getItem('mcpscope.theme'))).toBeNull();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious or critical contrast violation (axe-core) in the ${scheme} theme: log, detail and a tool's form`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await waitForServer(page);
      const init = page.locator('[data-testid="log-row"][data-dir="in"][data-kind="response"]').first();
      await init.click();
      await page.getByTestId('detail-pane').waitFor();
      expect(await theme(page)).toBe(scheme);
      expect(await seriousContrastViolations(page)).toEqual([]);
      await selectTool(page, 'get_weather');
      expect(await seriousContrastViolations(page)).toEqual([]);
    });
  }
});
