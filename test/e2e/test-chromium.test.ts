// The tests' Chromium itself: a browser context holds the page under test and nothing else. Chromium 156 loads its
// address bar's popups (chrome://omnibox-popup.top-chrome/…) as pages of their own in every context, headless too, each
// in a renderer that cost about as much CPU as the page under test, until scripts/chromium-flags.mjs turned them off.
// A Chromium that renames the feature would bring them back and slow the suite without failing a test: this one fails.
// Chromium keeps only the last --disable-features it is given, so scripts/chromium.sh merges Playwright's and ours:
// the second test reads the browser's own command line. Each worker launches its own Chromium and keeps it from file
// to file: the third test checks it does not outlive its worker.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { stillRunning, type Proc } from '../fixtures/worker-chromium/processes.js';
import { launchBrowser } from '../helpers/browser.js';
import { ROOT } from '../helpers/relay-process.js';
import { runNode } from '../helpers/run-cli.js';

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
      // Only this context's targets: the worker's other files share its Chromium.
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
      // PaintHolding is one of Playwright's (its chromiumSwitches), the other three ours (scripts/chromium-flags.mjs).
      expect(lists[0]!.slice('--disable-features='.length).split(',')).toEqual(
        expect.arrayContaining(['PaintHolding', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess']),
      );
    } finally {
      await context.close();
    }
  });

  it('ends with the worker that launched it, whether vitest stops the worker or it is killed', async () => {
    // Each e2e worker launches its own Chromium (test/helpers/worker-chromium.ts): a run of two files in two workers,
    // one stopped by vitest at the end, the other killed outright, must leave none of either browser's processes.
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-worker-chromium-'));
    const run = await runNode(
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'test/fixtures/worker-chromium/vitest.config.ts'],
      { MCPSCOPE_CHROMIUM_PIDS: dir, NO_COLOR: '1' },
      ROOT,
    );
    const noted = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { procs: Proc[]; profiles: string[] };
    const [stopped, killed] = [noted('stopped.json'), noted('killed.json')];
    // The browser, its zygotes and at least a renderer each, and the browser's profile folder.
    expect(stopped.procs.length).toBeGreaterThan(2);
    expect(killed.procs.length).toBeGreaterThan(2);
    expect([stopped.profiles.length, killed.profiles.length]).toEqual([1, 1]);
    expect(`${run.stdout}${run.stderr}`).toMatch(/1 passed \(2\)/);
    expect(`${run.stdout}${run.stderr}`).toMatch(/Worker exited unexpectedly/);
    // The stopped worker removed its browser's profile before it exited; a killed one could not.
    expect(existsSync(stopped.profiles[0]!)).toBe(false);
    // A killed browser's children take a moment to see their parent gone.
    await expect.poll(() => stillRunning([...stopped.procs, ...killed.procs]), { timeout: 10_000 }).toEqual([]);
    // The killed one's profile is left behind (nothing ran to remove it): removed once none of its processes can still
    // be writing into it (a renderer still alive did, and the removal failed with ENOTEMPTY).
    rmSync(killed.profiles[0]!, { recursive: true, force: true, maxRetries: 3 });
  });
});
