// Who made each frame, end to end: the relay stores it, the log shows it (a "by" column, the detail pane), the log can
// hide mcpscope's own bookkeeping, and a bundle carries it out and back in.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameRecord, SessionInfo } from '../../shared/relay-protocol.js';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { callTool, selectTool, sessionFrames, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';

let ui: Inspector;
let page: Page;
let sessionId: string;

const rows = (selector = '') => page.locator(`[data-testid="log-row"]${selector}`);

const frames = (id: string) => sessionFrames(ui.relay, id);

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, DEMO_SERVER] });
  ({ page } = ui);
  await waitForServer(page);
  sessionId = (await ui.relay.api<SessionInfo[]>('/api/sessions')).body[0]!.id;
  // One frame of each kind of maker: the composer (user) and a panel's form (panel); the handshake is bookkeeping.
  await page.getByTestId('template-ping').click();
  await page.getByTestId('composer-send').click();
  await rows('[data-dir="out"][data-method="ping"]').first().waitFor({ timeout: 15_000 });
  await selectTool(page, 'echo');
  await page.locator('#args_text').fill('made by hand');
  await callTool(page, 'made by hand');
}, 180_000);
afterAll(() => ui?.close());

describe('provenance of outgoing frames', () => {
  it('is recorded by the relay for every frame the page sent', async () => {
    const out = (await frames(sessionId)).filter((f) => f.dir === 'out');
    const by = (method: string) => out.filter((f) => f.method === method).map((f) => f.origin);
    expect(by('initialize')).toEqual(['bookkeeping']);
    expect(by('notifications/initialized')).toEqual(['bookkeeping']);
    expect(by('tools/list').every((o) => o === 'bookkeeping')).toBe(true);
    expect(by('ping')).toEqual(['user']);
    expect(by('tools/call')).toEqual(['panel']);
    // What the server sent says nothing: only the client's frames have a maker to name.
    expect((await frames(sessionId)).filter((f) => f.dir === 'in' && f.origin !== undefined)).toEqual([]);
  });

  it('is shown in the log and named in full in the detail pane', async () => {
    const ping = rows('[data-dir="out"][data-method="ping"]').first();
    expect(await ping.getAttribute('data-origin')).toBe('user');
    expect(await ping.getByTestId('log-origin').textContent()).toBe('you');
    expect(await rows('[data-dir="out"][data-method="initialize"]').first().getByTestId('log-origin').textContent()).toBe('auto');
    await rows('[data-dir="out"][data-method="tools/call"]').first().click();
    await expect.poll(() => page.getByTestId('detail-origin').textContent()).toMatch(/made bypanel: sent from a panel or form a person used/);
  });

  it('hides the bookkeeping and its answers, and only them, when asked; the handshake stays', async () => {
    const methods = async () => rows().evaluateAll((els) => els.map((e) => `${e.getAttribute('data-dir')} ${e.getAttribute('data-method')}`));
    expect(await methods()).toContain('out tools/list');
    await page.getByTestId('filter-hide-bookkeeping').click();
    await expect.poll(methods).not.toContain('out tools/list');
    const shown = await methods();
    expect(shown).not.toContain('in tools/list');
    // mcpscope's own too, but the handshake is how the session began: it stays, with its answer.
    expect(shown).toEqual(expect.arrayContaining(['out initialize', 'in initialize', 'out notifications/initialized']));
    expect(shown).toEqual(expect.arrayContaining(['out ping', 'in ping', 'out tools/call', 'in tools/call']));
    await page.getByTestId('filter-hide-bookkeeping').click();
    await expect.poll(methods).toContain('out tools/list');
  });

  it('travels in an exported bundle and comes back when the bundle is imported', async () => {
    const res = await fetch(`${ui.relay.base}/api/sessions/${sessionId}/bundle`, { headers: { authorization: `Bearer ${ui.relay.token}` } });
    const text = await res.text();
    const bundle = JSON.parse(text) as { clientFrames: { seq: number; origin?: string }[]; transcript: FrameRecord[] };
    const recorded = (await frames(sessionId)).filter((f) => f.dir === 'out');
    expect(bundle.clientFrames.map((f) => [f.seq, f.origin])).toEqual(recorded.map((f) => [f.seq, f.origin]));
    expect(bundle.transcript.filter((f) => f.dir === 'out').every((f) => f.origin !== undefined)).toBe(true);
    const imported = await ui.relay.api<{ session: { id: string } }>('/api/bundles', { method: 'POST', body: text });
    expect(imported.status).toBe(201);
    const back = (await frames(imported.body.session.id)).filter((f) => f.dir === 'out');
    expect(back.map((f) => [f.seq, f.method, f.origin])).toEqual(recorded.map((f) => [f.seq, f.method, f.origin]));
  });

  it('ran without page errors', () => expect(ui.errors).toEqual([]));
});
