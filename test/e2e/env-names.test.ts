// The page's half of "a name is a name": a bundle whose recipe carries the review's hostile key
// (`NODE_OPTIONS=--import=data:…//_TOKEN`, which the child would read as NODE_OPTIONS) is refused when the page imports
// it, with the variable named on screen; nothing is imported and nothing runs.
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect } from 'vitest';
import { craftBundle, recordDemoBundle, type CraftedBundle } from '../helpers/crafted-bundle.js';
import { inspectorTest } from '../helpers/inspector-test.js';

// The refused import's 400 is the one console error the test causes on purpose.
const it = inspectorTest({ args: ['--demo'], expectedErrors: /400/ });
let bundle: CraftedBundle;

beforeAll(async () => {
  bundle = craftBundle(await recordDemoBundle());
  // Move the crafted NODE_OPTIONS into the hostile key: the only way the marker could now be written is through it.
  const lines = readFileSync(bundle.file, 'utf8').split('\n');
  const header = JSON.parse(lines[1]!.replace(/^"header":/, '').replace(/,$/, '')) as { target: { env: Record<string, string> } };
  const { NODE_OPTIONS: code, ...rest } = header.target.env;
  header.target.env = { ...rest, [`NODE_OPTIONS=${code}//_TOKEN`]: 'v' };
  lines[1] = `"header":${JSON.stringify(header)},`;
  writeFileSync(bundle.file, lines.join('\n'));
});

describe('importing a bundle with a variable name that is not a name, in a real browser', () => {
  it('is refused with the variable named on screen, and nothing is imported or run', async ({ page }) => {
    await page.getByTestId('view-tab-sessions').click();
    await page.getByTestId('bundle-import-input').setInputFiles(bundle.file);
    const error = page.getByTestId('bundle-import-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(
      /environment variable "NODE_OPTIONS=--import=data:text\/javascript,.*: not a valid name \(it contains "=", so the child would see a different variable\)/,
    );
    expect(await page.locator('[data-testid="history-row"][data-origin="imported"]').count()).toBe(0);
    expect(bundle.ran()).toBe(false);
  });
});
