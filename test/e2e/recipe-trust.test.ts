// The page's half of "trust before running anything from a file": Replay of a bundle opened with `mcpscope open`
// shows the recipe, NODE_OPTIONS highlighted and the secret masked, and nothing runs until the person clicks Run it.
import { describe, expect } from 'vitest';
import { craftBundle, recordDemoBundle } from '../helpers/crafted-bundle.js';
import { inspectorTest } from '../helpers/inspector-test.js';

const bundle = craftBundle(await recordDemoBundle(), { API_TOKEN: 'sekrit-token-value' });
// The relay refuses to replay before the person says yes (a 428), which the browser logs as a console error.
const it = inspectorTest({ leading: ['open', bundle.file], context: { viewport: { width: 1500, height: 900 } }, expectedErrors: /428/ });

describe('Replay of an imported bundle in a real browser', () => {
  it('shows the whole recipe with NODE_OPTIONS highlighted before anything runs, and runs it only on "Run it"', async ({ page }) => {
    await page.getByTestId('view-tab-sessions').click();
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
  });
});
