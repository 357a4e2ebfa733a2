// The page's half of "trust before running anything from a file": Replay of a bundle opened with `mcpscope open`
// shows the recipe, NODE_OPTIONS highlighted and the secret masked, and nothing runs until the person clicks Run it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { craftBundle, recordDemoBundle, type CraftedBundle } from '../helpers/crafted-bundle.js';

let inspector: Inspector;
let bundle: CraftedBundle;

beforeAll(async () => {
  bundle = craftBundle(await recordDemoBundle(), { API_TOKEN: 'sekrit-token-value' });
  inspector = await openInspector({ leading: ['open', bundle.file], viewport: { width: 1500, height: 900 } });
  await inspector.page.getByTestId('view-tab-sessions').click();
});

afterAll(async () => {
  await inspector?.close();
});

describe('Replay of an imported bundle in a real browser', () => {
  it('shows the whole recipe with NODE_OPTIONS highlighted before anything runs, and runs it only on "Run it"', async () => {
    const { page, errors } = inspector;
    const row = page.locator('[data-testid="history-row"][data-origin="imported"]');
    await row.getByTestId('session-replay').click();
    const gate = row.getByTestId('recipe-gate');
    await gate.waitFor();
    expect(await gate.getByTestId('recipe-command').textContent()).toBe('node dist/bundle/demo-server.js');
    const dangerous = gate.locator('[data-testid="recipe-env"][data-dangerous="true"]');
    expect(await dangerous.count()).toBe(1);
    expect(await dangerous.textContent()).toMatch(/^NODE_OPTIONS=--import=data:text\/javascript,.*dangerous: changes how programs load code$/);
    expect(await dangerous.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await gate.textContent()).toContain('API_TOKEN=[REDACTED]');
    expect(await page.content()).not.toContain('sekrit-token-value');
    expect(bundle.ran()).toBe(false);

    await gate.getByTestId('recipe-confirm').click();
    await expect.poll(() => bundle.ran(), { timeout: 30_000 }).toBe(true);
    await row.getByTestId('recipe-gate').waitFor({ state: 'detached' });
    expect(errors.filter((e) => !e.includes('428'))).toEqual([]);
  });
});
