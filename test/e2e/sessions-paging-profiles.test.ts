// The Sessions view past its first page, a profile's era used on Connect, and "Save current connection", in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { HistoryEntry } from '../../shared/archive-api.js';
import type { Profile } from '../../shared/profiles/profile.js';
import type { FrameRecord, RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import { launchBrowser, watchPageErrors } from '../helpers/browser.js';
import { recordLaunchSession } from '../helpers/demo-session.js';
import { DEMO_SERVER, startRelay, type RelayHandle } from '../helpers/relay-process.js';

/** More than one page of the history list (50). */
const IMPORTS = 62;
const SECRET = 'sk-live-do-not-show-1234567890';

let browser: Browser;
let relay: RelayHandle;
let page: Page;
let errors: string[];
let launchId: string;

beforeAll(async () => {
  relay = await startRelay({ args: ['--env', `MY_TOKEN=${SECRET}`, '--env', 'UNITS=metric'], command: [process.execPath, DEMO_SERVER] });
  [launchId, browser] = await Promise.all([recordLaunchSession(relay), launchBrowser()]);
  const res = await fetch(`${relay.base}/api/sessions/${launchId}/bundle`, { headers: { authorization: `Bearer ${relay.token}` } });
  const bundle = await res.text();
  // Imports make sessions without starting a server each: the quickest way to many.
  for (let i = 0; i < IMPORTS; i++) {
    const imported = await relay.api<{ session: HistoryEntry }>('/api/bundles', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bundle,
    });
    expect(imported.status).toBe(201);
    if (i % 20 === 0) await relay.api(`/api/sessions/${imported.body.session.id}`, { method: 'PATCH', body: JSON.stringify({ name: `needle ${i}` }) });
  }
  const context = await browser.newContext({ viewport: { width: 1500, height: 900 } });
  page = await context.newPage();
  errors = watchPageErrors(page);
  await page.goto(relay.url);
  await page.getByTestId('view-tab-sessions').click();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await relay?.stop();
});

const rowIds = () => page.getByTestId('history-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-session-id')));

async function sessionNamed(name: string): Promise<string | undefined> {
  return (await relay.api<SessionInfo[]>('/api/sessions')).body.find((s) => s.name === name)?.id;
}

async function outMethods(sid: string): Promise<string[]> {
  const { body } = await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${sid}/frames?afterSeq=0&limit=1000`);
  return body.frames.filter((f) => f.dir === 'out').map((f) => f.method ?? '');
}

describe('the Sessions view with more than a page of sessions', () => {
  it('shows the first page, loads the rest on request, and never repeats a session', async () => {
    const total = IMPORTS + 1;
    await expect.poll(async () => (await rowIds()).length, { timeout: 20_000 }).toBe(50);
    await expect.poll(() => page.getByTestId('history-count').textContent()).toBe('50 shown, more match');
    await page.getByTestId('history-load-more').click();
    await expect.poll(async () => (await rowIds()).length, { timeout: 20_000 }).toBe(total);
    expect(new Set(await rowIds()).size).toBe(total);
    await expect.poll(() => page.getByTestId('history-count').textContent()).toBe(`${total} shown`);
    await expect(page.getByTestId('history-load-more').count()).resolves.toBe(0);
  });

  it('searches across every page, not only the loaded one', async () => {
    await page.getByTestId('history-search').fill('needle');
    await expect
      .poll(() => page.getByTestId('history-row').locator('[data-testid="session-name"]').allTextContents(), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['needle 0', 'needle 20', 'needle 40', 'needle 60']));
    await expect.poll(async () => (await rowIds()).length).toBe(4);
    await page.getByTestId('history-search').fill('');
    await expect.poll(async () => (await rowIds()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(50);
  });
});

describe('profiles in the Sessions view', () => {
  it('connects in the era the profile names: legacy sends initialize, auto probes with server/discover first', async () => {
    const target = { transport: 'stdio', command: process.execPath, args: [DEMO_SERVER] };
    const ids: Record<string, string> = {};
    for (const era of ['legacy', 'auto'] as const) {
      const made = await relay.api<Profile>('/api/profiles', {
        method: 'POST',
        body: JSON.stringify({ name: `demo ${era}`, target, era, protocolVersion: '2025-11-25' }),
      });
      expect(made.status).toBe(201);
      ids[era] = made.body.id;
    }
    // Profiles made through the API appear after a reload, as they would for a second tab.
    await page.reload();
    for (const era of ['legacy', 'auto'] as const) {
      await page.getByTestId('view-tab-sessions').click();
      await page.locator(`[data-testid="profile-row"][data-profile-id="${ids[era]}"]`).getByTestId('profile-connect').click();
      await expect.poll(() => sessionNamed(`demo ${era}`), { timeout: 20_000 }).toBeTruthy();
      const sid = (await sessionNamed(`demo ${era}`))!;
      const expected = era === 'legacy' ? ['initialize', 'notifications/initialized'] : ['server/discover', 'initialize', 'notifications/initialized'];
      await expect.poll(() => outMethods(sid), { timeout: 30_000 }).toEqual(expected);
    }
  });

  it('saves the current connection as a profile with its env values marked secret and masked', async () => {
    const { body: config } = await relay.api<RelayConfig>('/api/config');
    expect(config.launchSessionId).toBe(launchId);
    await page.getByTestId('view-tab-sessions').click();
    // The inspector shows the last session a profile connected; open the launch session so it is the current one.
    await page.getByTestId('history-search').fill(launchId);
    await page.locator(`[data-testid="history-row"][data-session-id="${launchId}"]`).getByTestId('session-open').click();
    await page.getByTestId('view-tab-sessions').click();
    await page.getByTestId('profile-save-current').click();
    await expect.poll(() => page.getByTestId('profile-save-result').textContent(), { timeout: 20_000 }).toContain('marked secret: MY_TOKEN, UNITS');
    const { body: profiles } = await relay.api<Profile[]>('/api/profiles');
    const saved = profiles.find((p) => p.secretEnv.includes('MY_TOKEN'))!;
    expect(saved).toMatchObject({
      era: 'legacy',
      protocolVersion: '2025-11-25',
      target: { transport: 'stdio', command: process.execPath, args: [DEMO_SERVER], env: { MY_TOKEN: '••••••', UNITS: '••••••' } },
    });
    expect(await page.getByTestId('archive-view').textContent()).not.toContain(SECRET);
    // The real value was kept (the launch relay still held it): exporting with secrets included writes it.
    const exported = await relay.api<{ text: string }>(`/api/profiles/export?format=cursor&secrets=include&ids=${saved.id}`);
    expect(exported.body.text).toContain(SECRET);
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
