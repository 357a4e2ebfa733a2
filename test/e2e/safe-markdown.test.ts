import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { openTab, selectTool, waitForServer } from '../helpers/panel-page.js';
import { FIXTURES } from '../helpers/relay-process.js';

// A tool whose description is Markdown with an <img onerror> and a javascript: link in it: the server's text.
let ui: Inspector;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, join(FIXTURES, 'tools-only-server.mjs'), '--markdown'] });
  ({ page, errors } = ui);
  await waitForServer(page);
});

afterAll(() => ui?.close());

describe('Markdown in explanations and server descriptions', () => {
  it('renders a tool description as Markdown: code, emphasis, a list, and an http(s) link that opens safely', async () => {
    await selectTool(page, 'markdown');
    const d = page.getByTestId('tool-description');
    expect(await d.locator('code').allTextContents()).toEqual(['nothing']);
    expect(await d.locator('strong').textContent()).toBe('Bold');
    expect(await d.locator('em').textContent()).toBe('quiet');
    expect(await d.locator('li').count()).toBe(2);
    expect(await d.textContent()).not.toContain('`');
    const links = d.locator('a');
    expect(await links.count()).toBe(1);
    expect(await links.getAttribute('href')).toBe('https://example.com/docs');
    expect(await links.getAttribute('target')).toBe('_blank');
    expect(await links.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps HTML in server text as text and never makes a javascript: link clickable', async () => {
    const d = page.getByTestId('tool-description');
    expect(await d.locator('img').count()).toBe(0);
    expect(await d.locator('li').first().textContent()).toBe('first <img src=x onerror="window.__pwned=1">');
    const unsafe = d.locator('[data-unsafe-link]');
    expect(await unsafe.textContent()).toBe('click me');
    expect(await unsafe.evaluate((el) => el.closest('a'))).toBeNull();
    await unsafe.click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it("draws the tool list's one-line descriptions as inline Markdown, where no link is clickable, javascript: least of all", async () => {
    await openTab(page, 'tools');
    const row = page.locator('[data-testid="tool-item"][data-name="markdown-line"]');
    const summary = row.getByTestId('tool-summary');
    await summary.waitFor();
    expect(await summary.locator('strong').textContent()).toBe('bold');
    expect(await summary.locator('code').textContent()).toBe('fetch');
    const text = await summary.textContent();
    expect(text).toBe('Fetches bold things with fetch; run me or read the docs.');
    // The first paragraph only; the whole description is in the tooltip.
    expect(await summary.getAttribute('title')).toContain('Second paragraph.');
    expect(await row.locator('a').count()).toBe(0);
    await summary.getByText('run me').click();
    await page.locator('[data-testid="tool-detail"][data-name="markdown-line"]').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it("renders the server's instructions in Overview as Markdown: an http(s) link is a link, a javascript: one is text", async () => {
    await openTab(page, 'overview');
    const x = page.getByTestId('instructions');
    await x.waitFor({ timeout: 15_000 });
    expect(await x.locator('strong').textContent()).toBe('echo');
    expect(await x.locator('code').textContent()).toBe('add');
    expect(await x.textContent()).not.toMatch(/[`*]/);
    const links = x.locator('a');
    expect(await links.count()).toBe(1);
    expect(await links.getAttribute('href')).toBe('https://example.com/guide');
    const unsafe = x.locator('[data-unsafe-link]');
    expect(await unsafe.textContent()).toBe('this');
    expect(await unsafe.evaluate((el) => el.closest('a'))).toBeNull();
    await unsafe.click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it('shows the backticks of error explanations as code in the Reference tab', async () => {
    await openTab(page, 'reference');
    const entry = page.locator('[data-testid="reference-error"][data-code="-32601"]');
    await entry.locator('summary').click();
    const x = entry.getByTestId('error-explanation');
    // "A method from another protocol version: `server/discover` sent to a legacy server…"
    expect(await x.locator('li code').allTextContents()).toContain('server/discover');
    expect(await x.textContent()).not.toContain('`');
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
