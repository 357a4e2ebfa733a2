import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { launchBrowser, savedDownload, watchPageErrors } from '../helpers/browser.js';
import { recordLaunchSession } from '../helpers/demo-session.js';
import { DEMO_SERVER, FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';

let browser: Browser;
let relay: RelayHandle;
let page: Page;
let errors: string[];
let sid: string;
let bundlePath: string;

beforeAll(async () => {
  relay = await startRelay({ command: [process.execPath, DEMO_SERVER] });
  [sid, browser] = await Promise.all([recordLaunchSession(relay), launchBrowser()]);
  const context = await browser.newContext({ viewport: { width: 1500, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  errors = watchPageErrors(page);
  await page.goto(relay.url);
  await page.getByTestId('view-tab-sessions').click();
});

afterAll(async () => {
  await browser?.close();
  await relay?.stop();
});

const row = (id: string) => page.locator(`[data-testid="history-row"][data-session-id="${id}"]`);

describe('the Sessions view in a real browser', () => {
  it('renames and tags a recorded session', async () => {
    await row(sid).getByTestId('session-name').click();
    const input = row(sid).getByTestId('session-rename-input');
    await input.fill('renamed <b>in</b> the browser');
    await input.press('Enter');
    await expect.poll(() => row(sid).getByTestId('session-name').textContent()).toBe('renamed <b>in</b> the browser');
    await row(sid).getByTestId('session-tag-input').fill('ui-tag');
    await row(sid).getByTestId('session-tag-input').press('Enter');
    await expect.poll(() => row(sid).getByTestId('session-tag').textContent()).toContain('ui-tag');
    const { body } = await relay.api<SessionInfo>(`/api/sessions/${sid}`);
    expect(body.name).toBe('renamed <b>in</b> the browser');
  });

  it('exports the session as a bundle download', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), row(sid).getByTestId('session-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.bundle\.json$/);
    bundlePath = await savedDownload(download);
    const bundle = JSON.parse(readFileSync(bundlePath, 'utf8'));
    expect(bundle).toMatchObject({ format: 'mcpscope-bundle', header: { session: { id: sid, name: 'renamed <b>in</b> the browser', tags: ['ui-tag'] } } });
  });

  it('opens the recorded session read-only in the inspector, its log intact', async () => {
    await row(sid).getByTestId('session-open').click();
    await page.getByTestId('readonly-badge').waitFor();
    await page.locator('[data-testid="log-row"][data-dir="out"][data-method="tools/call"]').first().waitFor();
    expect(await page.locator('[data-testid="log-row"][data-dir="out"][data-method="tools/call"]').count()).toBe(4);
  });

  it('imports the exported bundle from the file picker and opens the copy read-only', async () => {
    await page.getByTestId('view-tab-sessions').click();
    await page.getByTestId('bundle-import-input').setInputFiles(bundlePath);
    await page.getByTestId('bundle-import-open').click();
    await page.getByTestId('readonly-badge').waitFor();
    await page.getByTestId('view-tab-sessions').click();
    await expect.poll(() => page.locator('[data-testid="history-row"][data-origin="imported"]').count()).toBe(1);
  });

  it('imports profiles from a Claude Desktop file dropped on the page', async () => {
    const text = readFileSync(join(FIXTURES, 'mcp-configs', 'claude_desktop_config.json'), 'utf8');
    await page.getByTestId('profiles-import-drop').evaluate((el, content) => {
      const dt = new DataTransfer();
      dt.items.add(new File([content], 'claude_desktop_config.json', { type: 'application/json' }));
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, text);
    await expect.poll(() => page.getByTestId('profile-name').allTextContents()).toEqual(['filesystem', 'github', 'weather']);
    await expect.poll(() => page.getByTestId('profiles-import-result').textContent()).toContain('imported 3 profiles');
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
