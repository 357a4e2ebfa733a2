import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { callTool, fillCodeEditor, openTab, selectTool, sentCount, waitForServer } from '../helpers/panel-page.js';
import { FIXTURES, type RelayHandle } from '../helpers/relay-process.js';

let ui: Inspector;
let relay: RelayHandle;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, `${FIXTURES}/schema-zoo-server.mjs`], viewport: { width: 1400, height: 1000 } });
  ({ relay, page, errors } = ui);
  await waitForServer(page);
});

afterAll(() => ui?.close());

describe('the tools panel against a server with awkward schemas and results', () => {
  it('follows nextCursor through every page of tools/list', async () => {
    await openTab(page, 'tools');
    await expect.poll(() => page.getByTestId('tool-count').textContent()).toBe('5 tools in 3 pages');
    expect(await sentCount(relay, 'tools/list')).toBe(3);
  });

  it('renders icons only from data:image/ and http(s) sources', async () => {
    const media = page.locator('[data-testid="tool-item"][data-name="zoo_media"] [data-testid="server-icon"]');
    expect(await media.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await page.locator('[data-testid="tool-item"][data-name="zoo_broken_output"] [data-testid="server-icon"]').count()).toBe(0);
    expect(await page.locator('img[src^="javascript:"]').count()).toBe(0);
  });

  it('fills $ref, nullable, an additionalProperties map, enum, const, allOf and an enum array from the form', async () => {
    await selectTool(page, 'zoo_schema');
    await page.locator('#args_origin_x').fill('1');
    await page.locator('#args_origin_y').fill('-2.5');
    await page.getByTestId('args_label-set-null').click();
    await page.getByTestId('args_tags__add').click();
    const key = page.locator('[id$="-key"]').first();
    await key.fill('priority');
    await key.blur();
    await page.locator('#args_tags_priority').fill('3');
    await page.locator('#args_mode').selectOption('slow');
    await page.getByTestId('args_limits__optionalAdd').click();
    await page.locator('#args_limits_max').fill('50');
    await page.locator('#args_colors').selectOption(['red', 'blue']);
    const result = await callTool(page, '"origin"');
    const echoed = JSON.parse((await result.locator('[data-testid="content-block"] pre').textContent())!) as unknown;
    expect(echoed).toEqual({
      origin: { x: 1, y: -2.5 },
      label: null,
      tags: { priority: 3 },
      mode: 'slow',
      version: 2,
      limits: { max: 50 },
      colors: ['red', 'blue'],
    });
  });

  it('shows allOf and map errors inline and blocks Call until they are fixed', async () => {
    await page.locator('#args_limits_max').fill('500');
    await page.locator('#args_tags_priority').fill('1.5');
    await expect.poll(() => page.getByTestId('argument-problems').textContent()).toMatch(/limits\.max[\s\S]*tags\.priority|tags\.priority[\s\S]*limits\.max/);
    expect(await page.getByTestId('tool-call').isDisabled()).toBe(true);
    expect(await page.locator('#args_limits_max__error').textContent()).toContain('500 is greater than 100');
    expect(await page.locator('#args_tags_priority__error').textContent()).toContain('must be integer');
    await page.locator('#args_limits_max').fill('5');
    await page.locator('#args_tags_priority').fill('1');
    await expect.poll(() => page.getByTestId('tool-call').isDisabled()).toBe(false);
  });

  it('renders audio as a player, links only http(s) resource links, and embedded resources as text', async () => {
    await selectTool(page, 'zoo_media');
    const result = await callTool(page, 'safe link');
    await result.getByTestId('content-audio').waitFor();
    expect(await result.getByTestId('content-audio').getAttribute('src')).toMatch(/^data:audio\/wav;base64,/);
    expect(await result.locator('a[href="https://example.com/doc"]').count()).toBe(1);
    expect(await result.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await result.textContent()).toContain('javascript:alert(1)');
    expect(await result.getByTestId('resource-text').textContent()).toBe('<script>alert(1)</script>');
    expect(await result.locator('script').count()).toBe(0);
  });

  it('says what fails when structuredContent breaks the outputSchema', async () => {
    await selectTool(page, 'zoo_broken_output');
    const result = await callTool(page, 'count is a string');
    const problems = result.getByTestId('structured-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain('count: must be integer (got string)');
    expect(await problems.textContent()).toContain('unit: is required');
  });

  it("marks wrong arguments in the JSON view from the tool's own schema when its name has a space, a slash and non-ASCII", async () => {
    // Monaco matches a schema to a model by a glob over the model's URI decoded: a name percent-encoded into the path
    // never matched its own model, so this view showed no diagnostics at all.
    await selectTool(page, 'zoo odd/name ✓');
    const json = page.getByTestId('arguments-json');
    await fillCodeEditor(page, json, '{"count": "three"}');
    const squiggles = json.locator(':is(.squiggly-warning, .squiggly-error)');
    await expect.poll(() => squiggles.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await fillCodeEditor(page, json, '{"count": 3}');
    await expect.poll(() => squiggles.count(), { timeout: 15_000 }).toBe(0);
    await callTool(page, '"count"');
  });

  it("still suggests the schema's properties as the user types after the form has followed the text", async () => {
    // The JSON view has Monaco's as-you-type suggestions on. The editor component used to hand Monaco a new options
    // object on every render, which @monaco-editor/react applies again: its defaults (suggestions off) came back with the
    // first edit that re-rendered the form, and stayed.
    await selectTool(page, 'zoo odd/name ✓');
    const json = page.getByTestId('arguments-json');
    await fillCodeEditor(page, json, '{"count": 3}');
    await expect.poll(() => page.locator('#args_count').inputValue()).toBe('3');
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('{}');
    await page.keyboard.press('ArrowLeft');
    // No Control+Space: typing the quote that starts a key is what opens the list.
    await page.keyboard.type('"');
    const suggestions = json.locator('.suggest-widget.visible');
    await expect.poll(() => suggestions.count()).toBe(1);
    expect(await suggestions.textContent()).toContain('count');
    await page.keyboard.press('Escape');
  });

  it('lists tools again when the server sends notifications/tools/list_changed', async () => {
    await selectTool(page, 'zoo_grow');
    await callTool(page, 'now 6 tools');
    await expect.poll(() => page.getByTestId('tool-count').textContent()).toBe('6 tools in 3 pages');
    await page.locator('[data-testid="tool-item"][data-name="zoo_new_5"]').waitFor();
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
