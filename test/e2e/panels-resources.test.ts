import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { callTool, openTab, recordedFrames, selectTool, sentCount, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER, type RelayHandle } from '../helpers/relay-process.js';

let ui: Inspector;
let relay: RelayHandle;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, DEMO_SERVER], viewport: { width: 1400, height: 1000 } });
  ({ relay, page, errors } = ui);
  await waitForServer(page);
});

afterAll(() => ui?.close());

const resource = (uri: string) => page.locator(`[data-testid="resource-item"][data-uri="${uri}"]`);

describe('the resources, prompts and logging panels against the demo server', () => {
  it('reads a text resource and shows it as text', async () => {
    await openTab(page, 'resources');
    await resource('demo://readme').click();
    await expect.poll(() => page.getByTestId('resource-text').textContent()).toContain('# mcpscope-demo');
  });

  it('reads the PNG blob with an image preview and a download', async () => {
    await resource('demo://pixel.png').click();
    const image = page.getByTestId('resource-image');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBOR/);
    // The browser decoded it: a real 8×8 image, not a broken one.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`)).toBe('8x8');
    const download = page.waitForEvent('download');
    await page.getByTestId('resource-download').click();
    expect((await download).suggestedFilename()).toBe('pixel.png');
  });

  it('fills a template variable from completion/complete suggestions and reads the URI it expands to', async () => {
    await page.locator('[data-testid="template-item"][data-template="demo://cities/{city}"]').click();
    await page.getByTestId('template-var-city').click();
    await page.keyboard.type('li');
    const suggestions = page.locator('[data-testid="template-var-city-suggestions"][data-fresh="true"]');
    await expect.poll(() => suggestions.textContent()).toBe('lisbon');
    await suggestions.getByText('lisbon').click();
    expect(await page.getByTestId('template-uri').textContent()).toBe('demo://cities/lisbon');
    await page.getByTestId('template-read').click();
    await expect.poll(() => page.locator('[data-testid="resource-contents"][data-uri="demo://cities/lisbon"]').textContent()).toContain('"name": "Lisbon"');
    const completions = (await recordedFrames(relay)).filter((f) => f.dir === 'out' && f.method === 'completion/complete');
    expect(completions.some((f) => f.text.includes('"value":"li"') && f.text.includes('"uri":"demo://cities/{city}"'))).toBe(true);
  });

  it('subscribes to demo://clock, highlights its updates, and unsubscribes', async () => {
    await resource('demo://clock').click();
    await page.getByTestId('resource-text').filter({ hasText: 'tick' }).waitFor();
    await page.getByTestId('resource-subscribe').click();
    await expect.poll(() => page.getByTestId('resource-subscribe').getAttribute('aria-pressed')).toBe('true');
    const badge = page.locator('[data-testid="resource-updated"][data-uri="demo://clock"]');
    await badge.waitFor({ timeout: 6_000 });
    await page.getByTestId('resource-stale').waitFor();
    await page.getByTestId('resource-read-again').click();
    await expect.poll(() => page.getByTestId('resource-stale').count()).toBe(0);
    await page.getByTestId('resource-subscribe').click();
    await expect.poll(() => page.getByTestId('resource-subscribe').getAttribute('aria-pressed')).toBe('false');
    expect(await sentCount(relay, 'resources/unsubscribe')).toBe(1);
  });

  it('gets a prompt with an argument completed as you type, and renders its messages', async () => {
    await openTab(page, 'prompts');
    await page.locator('[data-testid="prompt-item"][data-name="code_review"]').click();
    await page.getByTestId('prompt-arg-language').click();
    await page.keyboard.type('ty');
    const suggestions = page.locator('[data-testid="prompt-arg-language-suggestions"][data-fresh="true"]');
    await expect.poll(() => suggestions.textContent()).toBe('typescript');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('prompt-arg-language').inputValue()).toBe('typescript');
    await page.getByTestId('prompt-arg-code').fill('let x = <b>1</b>;');
    await page.getByTestId('prompt-get').click();
    const messages = page.getByTestId('prompt-message');
    await expect.poll(() => messages.count()).toBe(2);
    expect(await messages.first().getAttribute('data-role')).toBe('user');
    // Server text is text: the markup arrives as characters, never as elements.
    expect(await messages.first().textContent()).toContain('let x = <b>1</b>;');
    expect(await messages.first().locator('b').count()).toBe(0);
  });

  it('sets the log level and shows notifications/message from the log, filtered by level', async () => {
    await openTab(page, 'logging');
    await page.getByTestId('log-level-select').selectOption('warning');
    await page.getByTestId('log-level-set').click();
    await page.getByTestId('log-level-confirmed').waitFor();
    await selectTool(page, 'log_message');
    await page.locator('#args_level').selectOption('info');
    await page.locator('#args_message').fill('quiet info');
    await callTool(page, 'quiet info');
    await page.locator('#args_level').selectOption('error');
    await page.locator('#args_message').fill('loud error');
    await callTool(page, 'loud error');
    await openTab(page, 'logging');
    const messages = page.getByTestId('log-message');
    await messages.filter({ hasText: 'loud error' }).waitFor();
    // Below the level set: the server dropped it, so it is not in the log or the view.
    expect(await messages.filter({ hasText: 'quiet info' }).count()).toBe(0);
    await page.getByTestId('log-filter-error').click();
    await expect.poll(() => messages.filter({ hasText: 'loud error' }).count()).toBe(0);
    await page.getByTestId('log-filter-error').click();
    await messages.filter({ hasText: 'loud error' }).click();
    await expect.poll(() => page.getByTestId('detail-parsed').textContent()).toContain('"method": "notifications/message"');
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
