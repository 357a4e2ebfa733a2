// The tests' Chromium itself: a browser context holds the page under test and nothing else. Chromium 156 loads its
// address bar's popups (chrome://omnibox-popup.top-chrome/…) as pages of their own in every context, headless too, each
// in a renderer that cost about as much CPU as the page under test, until scripts/chromium-flags.mjs turned them off.
// A Chromium that renames the feature would bring them back and slow the suite without failing a test: this one fails.
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
});
