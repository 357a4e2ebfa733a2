// The README tour by keyboard alone (page.keyboard; no clicks): Tab reaches every action, Tab leaves every editor
// without typing into it, Enter in a single-line field and Ctrl+Enter anywhere in a form run the form's action.
import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { editorText, focusName, tabTo } from '../helpers/keyboard-page.js';
import { sessionFrames, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER, type RelayHandle } from '../helpers/relay-process.js';

const base = inspectorTest({ command: [process.execPath, DEMO_SERVER], context: { viewport: { width: 1400, height: 1000 } } });
const it = base.extend('page', async ({ page }) => {
  await waitForServer(page);
  return page;
});

/** Every frame the relay recorded, in every session: the Fault lab adds scratch sessions beside the page's own. */
async function recordedFrames(relay: RelayHandle): Promise<FrameRecord[]> {
  const sessions = await relay.api<{ id: string }[]>('/api/sessions');
  return (await Promise.all(sessions.body.map((s) => sessionFrames(relay, s.id)))).flat();
}

/** How many requests with `method` the page has sent, as recorded. */
async function sentCount(relay: RelayHandle, method: string): Promise<number> {
  return (await recordedFrames(relay)).filter((f) => f.dir === 'out' && f.kind === 'request' && f.method === method).length;
}

/** Opens a panel by its tab, from wherever the focus is; through the "more" menu when the tab is folded into it. */
async function openPanel(page: Page, id: string): Promise<void> {
  if (!(await page.getByTestId(`tab-${id}`).isVisible())) {
    await tabTo(page, 'tab-more');
    await page.keyboard.press('Enter');
    await page.getByTestId('tab-menu').waitFor();
  }
  await tabTo(page, `tab-${id}`);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId(`tab-${id}`).getAttribute('aria-selected')).toBe('true');
}

/** Picks get_weather from the Tools panel and waits for its form. */
async function pickWeather(page: Page): Promise<void> {
  await openPanel(page, 'tools');
  await tabTo(page, 'tool-item[get_weather]');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="tool-detail"][data-name="get_weather"]').waitFor();
  await page.getByTestId('arguments-json').locator('.monaco-editor').waitFor({ timeout: 20_000 });
}

/** Presses `c` (the focus outside any text field) and types `text` into the composer it opens, replacing what was there. */
async function typeInComposer(page: Page, text: string): Promise<Locator> {
  await page.keyboard.press('c');
  const composer = page.getByTestId('composer-editor');
  await composer.locator('.monaco-editor').waitFor({ timeout: 20_000 });
  await expect.poll(() => focusName(page)).toBe('editor:composer-editor');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  return composer;
}

/** Opens the composer with `c` from a button (outside any text field) and types `text` into it. */
async function composeByKeys(page: Page, text: string): Promise<Locator> {
  await tabTo(page, 'composer-toggle');
  return typeInComposer(page, text);
}

describe('the README tour by keyboard alone', () => {
  it('opens a frame from the log, sends a broken frame from the composer, and Tab leaves the composer untouched', async ({ page, inspector: { relay } }) => {
    await tabTo(page, 'log-table');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('tab-detail').getAttribute('aria-selected')).toBe('true');
    // The detail's raw text is a read-only editor: Tab goes into it and out again.
    await page.getByTestId('detail-raw').locator('.monaco-editor').waitFor({ timeout: 20_000 });
    await tabTo(page, 'editor:detail-raw');
    // Monaco's own Ctrl+M would switch Tab for every editor on the page at once; here it must do nothing.
    await page.keyboard.press('Control+m');
    await page.keyboard.press('Tab');
    expect(await focusName(page)).not.toMatch(/^editor:/);
    await tabTo(page, 'log-table');

    // `c` outside a text field (the log has the focus) opens the composer with the cursor in its editor.
    const broken = '{"jsonrpc":"2.0","id":7101,';
    const composer = await typeInComposer(page, broken);
    const typed = await editorText(composer);
    expect(typed).toBe(broken);

    await page.keyboard.press('Tab');
    expect(await focusName(page)).not.toMatch(/^editor:/);
    await page.keyboard.press('Shift+Tab');
    expect(await focusName(page)).toBe('editor:composer-editor');
    expect(await editorText(composer)).toBe(typed);

    // Ctrl+Enter sends; broken JSON asks once more first, as the README says.
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('composer-send-anyway').waitFor();
    await page.keyboard.press('Control+Enter');
    await expect.poll(async () => (await recordedFrames(relay)).some((f) => f.dir === 'out' && f.text === broken), { timeout: 10_000 }).toBe(true);

    // Ctrl+M switches the composer to typing tabs (only it: the detail's Ctrl+M above switched nothing), and back.
    await page.keyboard.press('Control+m');
    await page.keyboard.press('Tab');
    expect(await focusName(page)).toBe('editor:composer-editor');
    expect(await editorText(composer)).not.toBe(typed);
    await page.keyboard.press('Control+m');
    await page.keyboard.press('Tab');
    expect(await focusName(page)).not.toMatch(/^editor:/);
  });

  it('reaches Tools, picks get_weather, fills its form, Tabs through its JSON editor to Call and calls it with Enter', async ({
    page,
    inspector: { relay },
  }) => {
    await pickWeather(page);
    await tabTo(page, '#args_location');
    await page.keyboard.type('Lisbon');
    await page.keyboard.press('Tab');
    expect(await focusName(page)).toBe('#args_units');
    await page.keyboard.press('f');
    await expect.poll(() => page.locator('#args_units option:checked').textContent()).toBe('fahrenheit');

    const json = page.getByTestId('arguments-json');
    await tabTo(page, 'editor:arguments-json', { max: 3 });
    await expect.poll(() => editorText(json)).toContain('fahrenheit');
    const before = await editorText(json);
    await page.keyboard.press('Tab');
    expect(await focusName(page)).toBe('tool-call');
    expect(await editorText(json)).toBe(before);

    const calls = await sentCount(relay, 'tools/call');
    await page.keyboard.press('Enter');
    const result = page.getByTestId('tool-result').filter({ hasText: 'Lisbon' });
    await result.waitFor({ timeout: 10_000 });
    expect(await result.textContent()).toContain('°F');
    expect(await sentCount(relay, 'tools/call')).toBe(calls + 1);
  });

  it('says under an editor what Tab does, and Ctrl+M switches that editor alone to typing tabs and back', async ({ page }) => {
    const composer = await composeByKeys(page, '{}');
    await pickWeather(page);
    const json = page.getByTestId('arguments-json');
    const hint = json.getByTestId('editor-tab-hint');
    expect(await hint.textContent()).toBe('Tab moves focus · Ctrl+M to type tabs');
    await tabTo(page, 'editor:arguments-json');
    const before = await editorText(json);

    await page.keyboard.press('Control+m');
    await expect.poll(() => hint.getAttribute('data-typing-tabs')).toBe('true');
    expect(await hint.textContent()).toBe('Tab types a tab · Ctrl+M to move focus with Tab');
    await page.keyboard.press('Tab');
    expect(await focusName(page)).toBe('editor:arguments-json');
    await expect.poll(() => editorText(json)).not.toBe(before);
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(json)).toBe(before);
    expect(await composer.getByTestId('editor-tab-hint').getAttribute('data-typing-tabs')).toBe('false');

    await page.keyboard.press('Control+m');
    await expect.poll(() => hint.getAttribute('data-typing-tabs')).toBe('false');
    await page.keyboard.press('Tab');
    expect(await focusName(page)).not.toMatch(/^editor:/);
    expect(await editorText(json)).toBe(before);
  });

  it('runs the form with Ctrl+Enter from its JSON editor (typing nothing) and with Enter from a field', async ({ page, inspector: { relay } }) => {
    // Text in the composer that Ctrl+Enter must not send from the tool's editor.
    await composeByKeys(page, '{"jsonrpc":"2.0","method":"notifications/not-from-here"}');
    await pickWeather(page);
    await tabTo(page, '#args_location');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Porto');
    const calls = await sentCount(relay, 'tools/call');
    await page.keyboard.press('Enter');
    await page.getByTestId('tool-result').filter({ hasText: 'Porto' }).waitFor({ timeout: 10_000 });
    expect(await sentCount(relay, 'tools/call')).toBe(calls + 1);

    const json = page.getByTestId('arguments-json');
    await tabTo(page, 'editor:arguments-json');
    const before = await editorText(json);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => sentCount(relay, 'tools/call'), { timeout: 10_000 }).toBe(calls + 2);
    expect(await editorText(json)).toBe(before);
    expect(await focusName(page)).toBe('editor:arguments-json');
    // Ctrl+Enter here ran this form, not the composer's Send too (Monaco binds editor.addCommand's keys page-wide).
    expect((await recordedFrames(relay)).filter((f) => f.method === 'notifications/not-from-here')).toEqual([]);
  });

  it('sends a fault from the Fault lab, opens Findings and Sessions & profiles, and switches presentation mode, by keyboard', async ({ page }) => {
    await openPanel(page, 'fault-lab');
    await tabTo(page, 'fault-send-invalid-json');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="fault-result"][data-preset="invalid-json"]').waitFor({ timeout: 20_000 });
    await openPanel(page, 'findings');

    await tabTo(page, 'view-tab-sessions');
    await page.keyboard.press('Enter');
    await page.getByTestId('history-row').first().waitFor({ timeout: 10_000 });
    await tabTo(page, 'history-search');
    await tabTo(page, 'view-tab-inspect');
    await page.keyboard.press('Enter');
    await page.getByTestId('log-table').waitFor();

    await tabTo(page, 'present-toggle');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('present'))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('present'))).toBe(false);
  });

  it('picks a completion for a template variable with Enter, and reads the template with a second Enter', async ({ page }) => {
    await openPanel(page, 'resources');
    await tabTo(page, 'template-item');
    await page.keyboard.press('Enter');
    await tabTo(page, 'template-var-city');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('li');
    await expect.poll(() => page.locator('[data-testid="template-var-city-suggestions"][data-fresh="true"]').textContent()).toBe('lisbon');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('template-uri').textContent()).toBe('demo://cities/lisbon');
    expect(await page.locator('[data-testid="resource-contents"][data-uri="demo://cities/lisbon"]').count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid="resource-contents"][data-uri="demo://cities/lisbon"]').textContent()).toContain('"name": "Lisbon"');
  });

  it('gets a prompt with Ctrl+Enter from its argument field', async ({ page, inspector: { relay } }) => {
    await openPanel(page, 'prompts');
    await tabTo(page, 'prompt-item[weather_report]');
    await page.keyboard.press('Enter');
    await tabTo(page, 'prompt-arg-location');
    await page.keyboard.type('Oslo');
    const gets = await sentCount(relay, 'prompts/get');
    // Ctrl+Enter runs the form even while completion suggestions are open (where Enter picks one).
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => sentCount(relay, 'prompts/get'), { timeout: 10_000 }).toBe(gets + 1);
    await page.getByTestId('prompt-message').first().waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('prompt-result').textContent()).toContain('Oslo');
  });
});
