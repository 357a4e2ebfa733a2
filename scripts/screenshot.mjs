// Regenerates the README's screenshots under docs/: the workbench in light and dark, the sequence view and the fault
// lab, on the demo server at 1440×900. Usage: node scripts/screenshot.mjs (after npm run build).
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { launchOptions } from './chromium-flags.mjs';
const p = spawn(process.execPath, ['bin/mcpscope.js', '--port', '0', '--no-open', '--data-dir', '/tmp/shotdata' + Date.now(), '--demo'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
const url = await new Promise((r) =>
  p.stdout.on('data', (c) => {
    out += c;
    const m = /ready: (\S+)/.exec(out);
    if (m) r(m[1]);
  }),
);
const b = await chromium.launch(launchOptions());
try {
  const page = await b.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
  await page.goto(url);
  await page.waitForSelector('[data-testid="log-row"][data-method="notifications/initialized"]');
  // A tool call with its result beside the log, and a request selected.
  await page.getByTestId('tab-tools').click();
  await page.locator('[data-testid="tool-item"][data-name="get_weather"]').click();
  await page.locator('#args_location').fill('Lisbon');
  await page.getByTestId('tool-call').click();
  await page.getByTestId('tool-result').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: 'docs/screenshot-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'docs/screenshot-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByTestId('log-view-sequence').click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: 'docs/screenshot-sequence.png' });
  await page.getByTestId('log-view-log').click();
  if (!(await page.getByTestId('tab-fault-lab').isVisible())) await page.getByTestId('tab-more').click();
  await page.getByTestId('tab-fault-lab').click();
  await page.getByTestId('fault-run-all').click();
  await page.locator('[data-testid="fault-result"]').nth(3).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(3000);
  await page.screenshot({ path: 'docs/screenshot-fault-lab.png' });
} finally {
  await b.close();
  p.kill();
}
