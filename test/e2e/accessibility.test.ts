// axe-core over the whole workbench: every right-hand tab, the Sessions & profiles view, the target form, the tab menu,
// the sequence view and the composer, in both themes, on a live session against the demo server with frames in its
// log; no serious or critical violation of any rule. A theme changes colours only (CSS variables on <html>, Monaco's
// colour theme, the toggle's glyph): the DOM, its roles, names and states are the same in both, so every rule runs in
// the dark theme and the rules that read colours (THEMED_RULES) run again in the light one. axe is the file's costliest
// part: checking only the light theme's colours cut the file's CPU to 0.85× (docs/development.md, "The suite's time,
// round 5").
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations, type AxeViolation } from '../helpers/axe-page.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { callTool, openComposer, openTab, selectTool, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';

const it = inspectorTest({ command: [process.execPath, DEMO_SERVER] });

/** The axe rules whose outcome a theme can change: the ones that compute colours. */
const THEMED_RULES = ['color-contrast', 'link-in-text-block'] as const;
/** Every rule in the dark theme (the one the page opens in without a system preference), the colour rules in the light. */
const RULES = { dark: undefined, light: THEMED_RULES } as const;

/** Every panel the tab strip knows, read from its measuring copy (which lists them all, folded or not). */
async function panelIds(page: Page): Promise<string[]> {
  const attrs = await page.locator('[data-measure^="tab-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-measure')!));
  return attrs.map((a) => a.slice('tab-'.length));
}

/** Waits until the shown panel has loaded its code (the workbench's "loading…" placeholder is gone). */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page
        .locator('aside[aria-label="inspector panels"] p', { hasText: /^loading…$/ })
        .filter({ visible: true })
        .count(),
    )
    .toBe(0);
}

type Found = Map<string, { v: AxeViolation; where: string[] }>;

/** Violations by rule and element, with every place they were seen: the log's rows show on every tab, once each here. */
function collect(into: Found, where: string, found: AxeViolation[]): void {
  for (const v of found) {
    const key = `${v.rule} ${v.target}`;
    const seen = into.get(key) ?? into.set(key, { v, where: [] }).get(key)!;
    seen.where.push(where);
  }
}

const report = (found: Found) =>
  [...found.values()].map(({ v, where }) => `[${v.impact}] ${v.rule} at ${v.target} (${where.join(', ')})\n    ${v.text}\n    ${v.summary}`).join('\n');

/** The page as a session leaves it, once per page: the handshake, listings, a call and its result, a call cancelled
 * while it ran (its row carries the small "cancelled" badge), and the initialize response selected for Detail. */
async function liveSession(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.getByTestId('view-tab-inspect').click();
  await waitForServer(page);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
  if ((await page.locator('[data-testid="log-row"] [data-testid="log-cancelled"]').count()) === 0) {
    await selectTool(page, 'echo');
    await page.locator('[data-testid="tool-detail"][data-name="echo"] input').first().fill('hello');
    await callTool(page, 'hello');
    await selectTool(page, 'slow_count');
    await page.locator('#args_steps').fill('50');
    await page.locator('#args_delayMs').fill('300');
    await page.getByTestId('tool-call').click();
    await page.getByTestId('tool-cancel').click();
    await page.locator('[data-testid="log-row"] [data-testid="log-cancelled"]').last().waitFor();
  }
  await page.locator('[data-testid="log-row"][data-dir="in"][data-kind="response"]').first().click();
}

describe('accessibility (axe-core)', () => {
  for (const scheme of ['dark', 'light'] as const) {
    it(`finds no serious or critical violation on any of the panels' tabs, beside the log, in the ${scheme} theme (${RULES[scheme] ? 'its colours' : 'every rule'})`, async ({
      page,
    }) => {
      await liveSession(page, scheme);
      const ids = await panelIds(page);
      expect(ids).toContain('detail');
      expect(ids.length).toBeGreaterThan(10);
      const problems: Found = new Map();
      for (const id of ids) {
        await openTab(page, id);
        await settled(page);
        collect(problems, `tab ${id}`, await seriousViolations(page, RULES[scheme]));
      }
      expect(report(problems)).toBe('');
    });

    it(`finds no serious or critical violation in the Sessions view, the target form, the tab menu, the sequence view or the composer in the ${scheme} theme (${RULES[scheme] ? 'its colours' : 'every rule'})`, async ({
      page,
    }) => {
      await liveSession(page, scheme);
      const problems: Found = new Map();
      // The strip folds what does not fit at 1400 px into its "more" menu: a menu of grouped menuitems when open.
      await page.getByTestId('tab-more').click();
      await page.getByTestId('tab-menu').waitFor();
      collect(problems, 'the open "more" menu', await seriousViolations(page, RULES[scheme]));
      await page.keyboard.press('Escape');
      await page.getByTestId('tab-menu').waitFor({ state: 'detached' });

      await page.getByTestId('target-toggle').click();
      await page.getByTestId('target-transport').waitFor();
      collect(problems, 'target form (stdio)', await seriousViolations(page, RULES[scheme]));
      await page.getByTestId('target-transport').selectOption('auto');
      await page.getByTestId('target-oauth').check();
      await page.getByTestId('target-oauth-grant').waitFor();
      collect(problems, 'target form (HTTP with OAuth)', await seriousViolations(page, RULES[scheme]));
      await page.getByTestId('target-oauth').uncheck();
      await page.getByTestId('target-transport').selectOption('stdio');
      await page.getByTestId('target-toggle').click();
      await page.getByTestId('target-transport').waitFor({ state: 'detached' });

      // The log's other view (the sequence diagram) and the composer opened under the log.
      await page.getByTestId('log-view-sequence').click();
      await page.getByTestId('sequence-view').waitFor();
      collect(problems, 'the sequence view', await seriousViolations(page, RULES[scheme]));
      await page.getByTestId('log-view-log').click();
      await openComposer(page);
      await page.getByTestId('composer-editor').locator('.monaco-editor').waitFor({ timeout: 20_000 });
      collect(problems, 'the composer, open', await seriousViolations(page, RULES[scheme]));
      await page.getByTestId('composer-toggle').click();
      await expect.poll(() => page.getByTestId('composer').getAttribute('data-expanded')).toBe('false');

      await page.getByTestId('view-tab-sessions').click();
      await page.getByTestId('history-row').first().waitFor();
      collect(problems, 'Sessions & profiles', await seriousViolations(page, RULES[scheme]));
      await page.getByTestId('view-tab-inspect').click();
      expect(report(problems)).toBe('');
    });
  }
});
