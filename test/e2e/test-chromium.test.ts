// The tests' Chromium itself: a browser context holds the page under test and nothing else. Chromium 156 loads its
// address bar's popups (chrome://omnibox-popup.top-chrome/…) as pages of their own in every context, headless too, each
// in a renderer that cost about as much CPU as the page under test, until scripts/chromium-flags.mjs turned them off.
// A Chromium that renames the feature would bring them back and slow the suite without failing a test: this one fails.
// Chromium keeps only the last --disable-features it is given, so scripts/chromium.sh merges Playwright's and ours:
// the second test reads the browser's own command line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the tests' Chromium", () => {
  it('opens no page of its own in a context beside the page under test', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.setContent('<p>under test</p>');
      // Only this context's targets: the other files' pages share the run's Chromium.
      const pageCdp = await context.newCDPSession(page);
      const { targetInfo } = await pageCdp.send('Target.getTargetInfo');
      await pageCdp.detach();
      const cdp = await browser.newBrowserCDPSession();
      // The popups arrive while the context settles: look a few times over a second, not once.
      const seen = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const { targetInfos } = await cdp.send('Target.getTargets');
        for (const t of targetInfos) if (t.browserContextId === targetInfo.browserContextId) seen.add(`${t.type} ${t.url}`);
        await page.waitForTimeout(200);
      }
      await cdp.detach();
      expect([...seen]).toEqual(['page about:blank']);
    } finally {
      await context.close();
    }
  });

  it("runs with one --disable-features list, Playwright's and ours merged", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto('chrome://version');
      const line = await page.locator('#command_line').innerText();
      const lists = line.split(/\s+/).filter((a) => a.startsWith('--disable-features='));
      expect(lists).toHaveLength(1);
      // PaintHolding is one of Playwright's (its chromiumSwitches), the other two ours (scripts/chromium-flags.mjs).
      expect(lists[0]!.slice('--disable-features='.length).split(',')).toEqual(
        expect.arrayContaining(['PaintHolding', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']),
      );
    } finally {
      await context.close();
    }
  });
});
