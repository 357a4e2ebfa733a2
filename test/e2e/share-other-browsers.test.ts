// The share file in the two other engines it promises to open in, from file://: Firefox (Debian's firefox-esr, driven
// over WebDriver BiDi by puppeteer-core) and WebKit, Safari's engine (Debian's WebKitGTK MiniBrowser through
// WebKitWebDriver on Xvfb). In each: the first rows render, Detail shows a frame exactly as recorded, a server string
// full of HTML stays text, and the page reports no CSP violation and no error. Each browser's block runs where its
// binaries are installed (.ci/run installs them); Chromium's own, fuller test is share-file.test.ts.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser as FirefoxBrowser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SERVER } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';
import { shareContents } from '../helpers/share-file.js';
import { hasWebKit, launchWebKit, type WebKitPage } from '../helpers/webkit-driver.js';

const FIREFOX = ['/usr/bin/firefox-esr', '/usr/bin/firefox'].find((p) => existsSync(p));
const HOSTILE = '<img src=x onerror="window.__pwned=1"><a href="javascript:window.__pwned=2">click me</a>';

/**
 * Runs first in the page, before the file's own scripts: keeps every CSP violation and error the page reports.
 * WebDriver classic has no "script before the page's own" (BiDi has), so both browsers get a copy of the file with
 * this script after the CSP's <meta>, and its hash added to script-src; the file is otherwise byte for byte the same.
 */
const WATCH = `window.__csp=[];window.__errors=[];document.addEventListener('securitypolicyviolation',function(e){window.__csp.push(e.effectiveDirective+' '+e.blockedURI)});window.addEventListener('error',function(e){window.__errors.push(String(e.message))});window.addEventListener('unhandledrejection',function(e){window.__errors.push(String(e.reason))});`;

function watchedCopy(html: string): string {
  const hash = `'sha256-${createHash('sha256').update(WATCH).digest('base64')}'`;
  const out = html.replace(
    /(<meta http-equiv="Content-Security-Policy" content="[^"]*script-src )([^;"]*)([^"]*" \/>)/,
    (_m, a: string, src: string, b: string) => `${a}${src} ${hash}${b}<script>${WATCH}</script>`,
  );
  if (out === html) throw new Error('the share file has no CSP meta to add the watcher to');
  return out;
}

let url: string;
let echoed: { seq: number; text: string };

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-share-browsers-'));
  const bundle = join(dir, 'call.json');
  const call = await runCli([
    'call',
    '--method',
    'tools/call',
    '--params',
    JSON.stringify({ name: 'echo', arguments: { text: HOSTILE } }),
    '--bundle',
    bundle,
    '--',
    process.execPath,
    DEMO_SERVER,
  ]);
  expect(call.code, call.stderr).toBe(0);
  const file = join(dir, 'call.html');
  const exported = await runCli(['export', bundle, '--html', '-o', file]);
  expect(exported.code, exported.stderr).toBe(0);
  const html = readFileSync(file, 'utf8');
  const frame = shareContents(html).frames.find((f) => f.dir === 'in' && f.text.includes('onerror'));
  if (!frame) throw new Error('the echo of the hostile string is not in the file');
  echoed = { seq: frame.seq, text: frame.text };
  const watched = join(dir, 'call-watched.html');
  writeFileSync(watched, watchedCopy(html));
  url = pathToFileURL(watched).href;
}, 120_000);

/** What every browser must show; `page` is the few calls each driver makes differently. */
interface Probe {
  waitFor(css: string): Promise<void>;
  click(css: string): Promise<void>;
  evaluate<T>(body: string): Promise<T>;
}

async function expectTheFileReads(p: Probe): Promise<void> {
  await p.waitFor('[data-testid="log-row"]');
  expect(await p.evaluate<number>('return document.querySelectorAll(\'[data-testid="log-row"]\').length')).toBeGreaterThan(3);
  await p.click(`[data-testid="log-row"][data-seq="${echoed.seq}"]`);
  await p.waitFor(`[data-testid="detail-pane"][data-seq="${echoed.seq}"]`);
  expect(await p.evaluate<string>('return document.querySelector(\'[data-testid="detail-raw"]\').textContent')).toBe(echoed.text);
  // Inert: nothing the server said became an element, a link or a script that ran.
  expect(await p.evaluate<number>("return document.querySelectorAll('#root img').length")).toBe(0);
  expect(await p.evaluate<number>('return document.querySelectorAll(\'a[href^="javascript:" i]\').length')).toBe(0);
  expect(await p.evaluate<unknown>('return window.__pwned === undefined')).toBe(true);
  expect(await p.evaluate<string[]>('return window.__csp')).toEqual([]);
  expect(await p.evaluate<string[]>('return window.__errors')).toEqual([]);
}

describe.runIf(FIREFOX)('the share file in Firefox (WebDriver BiDi)', () => {
  let browser: FirefoxBrowser;
  afterAll(async () => {
    await browser?.close();
  });

  it('renders its first rows from file://, opens Detail, keeps the hostile string inert, and makes no request', async () => {
    browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX!, headless: true });
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (r) => void (r.url() !== url && requests.push(r.url())));
    await page.goto(url);
    await expectTheFileReads({
      waitFor: async (css) => void (await page.waitForSelector(css, { timeout: 60_000 })),
      click: (css) => page.click(css),
      evaluate: <T>(body: string) => page.evaluate(body.replace(/^return /, '')) as Promise<T>,
    });
    expect(requests).toEqual([]);
  });
});

describe.runIf(hasWebKit())("the share file in WebKit, Safari's engine (WebDriver classic)", () => {
  let page: WebKitPage;
  afterAll(async () => {
    await page?.close();
  });

  it('renders its first rows from file://, opens Detail, keeps the hostile string inert, and reports no CSP violation', async () => {
    page = await launchWebKit();
    await page.goto(url);
    await expectTheFileReads({
      waitFor: async (css) => void (await page.waitFor(css)),
      click: async (css) => page.click((await page.waitFor(css))[0]!),
      evaluate: <T>(body: string) => page.evaluate<T>(body),
    });
  });
});
