// The share file in headless Chromium, from file://: a session with planted secrets and a server string full of HTML
// and javascript: links is shared from the page (Sessions & profiles → Share → HTML file), then opened with no relay.
// Every frame is there (count, and all of them byte for byte against the store; one as the Detail shows it), the page
// makes no request (CDP's network events), logs no error, holds no secret, renders the hostile string inert, and its
// sequence view and presentation mode work. The inspector's other ways in and out: the header's Share button gives the
// same file, and the page's import takes it back as a session.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRecord, RelayConfig } from '../../shared/relay-protocol.js';
import { pageText, savedDownload, startRelayAndBrowser, watchPageErrors } from '../helpers/browser.js';
import { driveSession } from '../helpers/demo-session.js';
import { sessionFrames } from '../helpers/panel-page.js';
import { DEMO_SERVER, type RelayHandle } from '../helpers/relay-process.js';
import { VIEWER_SCRIPT_ID } from '../../web/share/viewer-loader.js';
import { shareContents, shareText } from '../helpers/share-file.js';

const SECRET = 'share-SEKRET-7c4e19a0b2';
const HOSTILE = '<img src=x onerror="window.__pwned=1"><a href="javascript:window.__pwned=2">click me</a><script>window.__pwned=3</script>';
const rpc = (id: number, method: string, params?: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });

let relay: RelayHandle;
let browser: Browser;
let page: Page;
let frames: FrameRecord[];
let file: string;
let inspector: Page;
let sid: string;
const errors: string[] = [];
const requests: string[] = [];
const dialogs: string[] = [];

beforeAll(async () => {
  ({ relay, browser } = await startRelayAndBrowser({ args: ['--env', `API_KEY=${SECRET}`], command: [process.execPath, DEMO_SERVER] }));
  const { body: config } = await relay.api<RelayConfig>('/api/config');
  sid = config.launchSessionId!;
  await driveSession(relay, sid, [
    rpc(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcpscope-test', version: '0' } }),
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    rpc(2, 'tools/list'),
    rpc(3, 'tools/call', { name: 'echo', arguments: { text: `${HOSTILE} ${SECRET}` } }),
    rpc(4, 'ping'),
  ]);
  await relay.api(`/api/sessions/${sid}/stop`, { method: 'POST' });
  frames = await sessionFrames(relay, sid);

  // Shared from the page, as a user would: Sessions & profiles → Share → HTML file.
  inspector = await browser.newPage();
  await inspector.goto(relay.url);
  await inspector.getByTestId('view-tab-sessions').click();
  await inspector.getByTestId('session-share').first().click();
  const [download] = await Promise.all([inspector.waitForEvent('download'), inspector.getByTestId('share-html').click()]);
  file = await savedDownload(download);

  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const watched = watchPageErrors(page);
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (e) => requests.push(e.request.url));
  await page.addInitScript(watchCsp);
  await page.goto(pathToFileURL(file).href);
  await page.locator('[data-testid="log-row"]').first().waitFor();
  errors.push(...watched);
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
}, 180_000);

/** Runs in the page before its own code: keeps every CSP violation it reports. */
function watchCsp() {
  const seen: string[] = ((window as { __csp?: string[] }).__csp = []);
  document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
}
const cspViolations = (p: Page) => p.evaluate(() => (window as { __csp?: string[] }).__csp ?? []);

afterAll(async () => {
  await browser?.close();
  await relay?.stop();
});

describe('a shared session opened from file://', () => {
  it('holds every frame byte for byte, and the log counts them all', async () => {
    // As recorded, with the one planted secret the server echoed replaced, as a bundle replaces it.
    const redacted = frames.map((f) => ({ ...f, text: f.text.replaceAll(SECRET, '[REDACTED]') }));
    expect(redacted.some((f, i) => f.text !== frames[i]!.text)).toBe(true);
    expect(shareContents(readFileSync(file, 'utf8')).frames).toEqual(redacted);
    await expect.poll(() => page.getByTestId('log-panel').getAttribute('data-total')).toBe(String(frames.length));
    await expect.poll(() => page.getByTestId('log-panel').getAttribute('data-held')).toBe(String(frames.length));
    // Read to its end: the trailer's counts are shown and the banner no longer says it is reading.
    await expect.poll(() => page.getByTestId('share-counts').textContent()).toContain(`${frames.length} frames`);
    expect(await page.getByTestId('share-reading').count()).toBe(0);
    expect(await page.getByTestId('share-read-error').count()).toBe(0);
  });

  it('shows a frame in Detail exactly as the store has it, the hostile string as text', async () => {
    const echoed = frames.find((f) => f.dir === 'in' && f.rpcId === '3')!;
    await page.locator(`[data-testid="log-row"][data-seq="${echoed.seq}"]`).click();
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(String(echoed.seq));
    expect(await page.getByTestId('detail-raw').textContent()).toBe(echoed.text.replace(SECRET, '[REDACTED]'));
    expect(await page.getByTestId('detail-raw').textContent()).toContain('<img src=x onerror=');
    // Inert: nothing it holds became an element, a link or a script that ran.
    expect(await page.locator('#root img').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  it('holds no planted secret: not in the file, its decoded data or the page', async () => {
    const html = readFileSync(file, 'utf8');
    expect(html).not.toContain(SECRET);
    expect(shareText(html)).not.toContain(SECRET);
    expect(shareText(html)).toContain('[REDACTED]');
    expect(await pageText(page)).not.toContain(SECRET);
    expect(await page.getByTestId('share-secrets').textContent()).toContain('env.API_KEY');
  });

  it('unpacks its compressed viewer under a CSP with neither unsafe-inline nor unsafe-eval, and violates it nowhere', async () => {
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).toMatch(/script-src 'sha256-[^']+' 'sha256-[^']+';/);
    expect(csp).not.toMatch(/unsafe|strict-dynamic|blob:|\*/);
    // The loader put the viewer's script in as an inline module (the loader itself being the other one) and its styles.
    expect(await page.locator('script[type="module"]').count()).toBe(2);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toBe('');
    expect(await cspViolations(page)).toEqual([]);
  });

  it('runs no viewer whose compressed script was changed: the CSP refuses what does not match its hash', async () => {
    const html = readFileSync(file, 'utf8');
    const evil = gzipSync('window.__pwned = 9; document.title = "pwned";').toString('base64');
    const tampered = html.replace(new RegExp(`(id="${VIEWER_SCRIPT_ID}">)[^<]+`), (_m, open: string) => open + evil);
    expect(tampered).not.toBe(html);
    const path = file.replace(/\.html$/, '-tampered.html');
    writeFileSync(path, tampered);
    const other = await browser.newPage();
    await other.addInitScript(watchCsp);
    await other.goto(pathToFileURL(path).href);
    await expect.poll(() => cspViolations(other)).toEqual(['script-src-elem inline']);
    expect(await other.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await other.locator('[data-testid="log-row"]').count()).toBe(0);
    await other.close();
  });

  it('draws the sequence view of the recording, and exports it as SVG and as PNG', async () => {
    await page.getByTestId('log-view-sequence').click();
    await expect.poll(() => page.locator('[data-testid="seq-arrow"]').count()).toBeGreaterThan(3);
    // Its SVG export, made by the viewer's own renderer (the share build has no react-dom/server), is a whole XML file.
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('seq-export-svg').click()]);
    const text = readFileSync(await savedDownload(svg), 'utf8');
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).toContain('tools/call');
    expect(text.trimEnd().endsWith('</svg>')).toBe(true);
    // The PNG is drawn from a data: image, the one kind of image the file's CSP allows.
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('seq-export-png').click()]);
    const bytes = readFileSync(await savedDownload(png));
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(bytes.length).toBeGreaterThan(1000);
    await page.getByTestId('log-view-log').click();
    await page.locator('[data-testid="log-row"]').first().waitFor();
  });

  it('steps through the exchanges with j/k in presentation mode, the detail following', async () => {
    await page.getByTestId('present-toggle').click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('present'))).toBe(true);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Home');
    const selected = () => page.locator('[data-testid="log-row"][aria-selected="true"]').getAttribute('data-seq');
    await page.keyboard.press('j');
    await expect.poll(async () => Number(await selected())).toBeGreaterThan(0);
    const first = Number(await selected());
    await page.keyboard.press('j');
    await expect.poll(async () => Number(await selected())).toBeGreaterThan(first);
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(await selected());
    await page.keyboard.press('k');
    await expect.poll(async () => Number(await selected())).toBe(first);
  });

  it('shows its Findings, HTTP and Reference panels, each rendered by the viewer without an error', async () => {
    const panels = page.locator('aside[aria-label="panels"]');
    for (const [tab, text] of [
      ['findings', /finding/i],
      ['http', /exchange|HTTP/],
      ['reference', /-32601/],
    ] as const) {
      await page.getByTestId(`share-tab-${tab}`).click();
      await expect.poll(() => page.getByTestId(`share-tab-${tab}`).getAttribute('aria-selected')).toBe('true');
      await expect.poll(async () => (await panels.textContent()) ?? '').toMatch(text);
    }
    await page.getByTestId('share-tab-detail').click();
  });

  it('made no request but the file itself, and logged no error', () => {
    // The PNG export's data: image is made in the page and never leaves it; anything else would be a request.
    expect(requests.filter((u) => u !== pathToFileURL(file).href && !u.startsWith('data:image/svg+xml')).join('\n')).toBe('');
    expect(errors.join('\n')).toBe('');
  });
});

describe('the inspector page, the other ways in and out of a share file', () => {
  it('gives the same file from the Share button of the session in the header', async () => {
    const menu = inspector.locator('span:has(> [data-testid="header-share"])');
    await menu.getByTestId('header-share').click();
    const [download] = await Promise.all([inspector.waitForEvent('download'), menu.getByTestId('share-html').click()]);
    expect(download.suggestedFilename()).toMatch(/\.html$/);
    const fromHeader = shareContents(readFileSync(await savedDownload(download), 'utf8'));
    const fromSessions = shareContents(readFileSync(file, 'utf8'));
    expect(fromHeader.header.session.id).toBe(sid);
    expect(fromHeader.frames).toEqual(fromSessions.frames);
  });

  it("imports the HTML file through the page's Import bundle and opens the copy read-only, every frame in its log", async () => {
    await inspector.getByTestId('view-tab-sessions').click();
    await inspector.getByTestId('bundle-import-input').setInputFiles(file);
    await inspector.getByTestId('bundle-import-open').click();
    await inspector.getByTestId('readonly-badge').waitFor();
    await expect.poll(() => inspector.getByTestId('log-panel').getAttribute('data-total')).toBe(String(frames.length));
    await inspector.getByTestId('view-tab-sessions').click();
    await expect.poll(() => inspector.locator('[data-testid="history-row"][data-origin="imported"]').count()).toBe(1);
  });
});
