// Regenerates docs/screenshot.png: starts mcpscope on the demo server, sends tools/list and captures the page.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
const p = spawn(process.execPath, ['bin/mcpscope.js', '--port', '0', '--no-open', '--data-dir', '/tmp/shotdata' + Date.now(), '--demo'], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
const url = await new Promise((r) => p.stdout.on('data', (c) => { out += c; const m = /ready: (\S+)/.exec(out); if (m) r(m[1]); }));
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
const page = await b.newPage({ viewport: { width: 1440, height: 860 } });
await page.goto(url);
await page.waitForSelector('[data-testid="log-row"][data-method="notifications/initialized"]');
await page.getByTestId('template-tools-list').click();
await page.getByTestId('composer-send').click();
await page.waitForSelector('[data-testid="log-row"][data-dir="in"][data-rpc-id="2"]');
await page.click('[data-testid="log-row"][data-dir="in"][data-rpc-id="2"]');
await page.waitForTimeout(1200);
await page.screenshot({ path: process.argv[2] ?? 'docs/screenshot.png' });
await b.close(); p.kill();
