// Opens Debian's headless Chromium through playwright-core (never a downloaded browser) for the e2e tests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import { startRelay, type RelayHandle } from './relay-process.js';
import { fileBrowser, workerBrowser } from './worker-chromium.js';

/**
 * A browser for one test file: a view of its worker's Chromium (test/helpers/worker-chromium.ts), launched by the
 * worker's first file. Each `newPage`/`newContext` is a fresh browser context, and `close()` ends what the file opened
 * and leaves the browser to the worker's next file.
 */
export async function launchBrowser(): Promise<Browser> {
  return fileBrowser(await workerBrowser());
}

/** Saves a download and returns its path (in a folder of its own, under the name the page gave it). */
export async function savedDownload(download: Download): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/**
 * The relay and the browser started side by side: a relay takes seconds on two busy cores. If either fails, the other
 * is stopped before the error is thrown, so a failed setup leaves nothing behind.
 */
export async function startRelayAndBrowser(relayOpts: Parameters<typeof startRelay>[0] = {}): Promise<{ relay: RelayHandle; browser: Browser }> {
  const [relay, browser] = await Promise.allSettled([startRelay(relayOpts), launchBrowser()]);
  if (relay.status === 'fulfilled' && browser.status === 'fulfilled') return { relay: relay.value, browser: browser.value };
  if (relay.status === 'fulfilled') await relay.value.stop();
  if (browser.status === 'fulfilled') await browser.value.close();
  throw relay.status === 'rejected' ? relay.reason : (browser as PromiseRejectedResult).reason;
}

/** Collects console errors and page errors so a test can assert the page ran clean. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // A failed resource load says only its status: its URL, from the message's location, says which request it was.
    if (m.type() === 'error')
      errors.push(`console: ${m.text()}${m.text().startsWith('Failed to load resource') && m.location().url ? ` (${m.location().url})` : ''}`);
  });
  return errors;
}

export interface Inspector {
  relay: RelayHandle;
  browser: Browser;
  page: Page;
  /** Page and console errors seen so far; e2e files assert it stays empty. */
  errors: string[];
  close(): Promise<void>;
}

/** Starts the real CLI on a server command and opens the printed URL in Chromium: the setup of most e2e files. */
/** `leading` starts a subcommand instead of a server (`['open', bundle]`); `args` are relay options before the command. */
export async function openInspector(opts: {
  command?: string[];
  leading?: string[];
  args?: string[];
  viewport?: { width: number; height: number };
}): Promise<Inspector> {
  const { viewport: _viewport, ...relayOpts } = opts;
  const { relay, browser } = await startRelayAndBrowser(relayOpts);
  const page = await browser.newPage({ viewport: opts.viewport ?? { width: 1400, height: 900 } });
  const errors = watchPageErrors(page);
  await page.goto(relay.url);
  return {
    relay,
    browser,
    page,
    errors,
    async close() {
      await browser.close();
      await relay.stop();
    },
  };
}

/** Everything the page holds as text: the serialized DOM plus the live values of its form fields (a secret must be in neither). */
export async function pageText(page: Page): Promise<string> {
  const fields = await page.evaluate(() => [...document.querySelectorAll('input, textarea')].map((e) => (e as HTMLInputElement).value).join('\n'));
  return `${await page.content()}\n${fields}`;
}
