// The 2026-07-28 era in the browser, against a real SDK v2 server: the era picked in the connection bar decides how the
// session starts (server/discover, or auto's probe), and every panel request then carries the 2026 `_meta` keys.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_VERSION, openWithEra, sentRequests, waitForDiscovery, type EraInspector } from '../helpers/era-page.js';
import { callTool, openTab, recordedFrames, selectTool } from '../helpers/panel-page.js';
import { FIXTURES, type RelayHandle } from '../helpers/relay-process.js';
import { startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';

const SDK_V2 = join(FIXTURES, 'sdk-v2-server.mjs');

async function listsAndRoutes(page: Page, relay: RelayHandle): Promise<void> {
  await selectTool(page, 'route');
  await page.locator('#args_region').fill('eu-west');
  await callTool(page, 'routed to eu-west', 'tool-call');
  const sent = await sentRequests(relay);
  expect(sent.some((r) => r.method === 'initialize')).toBe(false);
  // Every panel request went through the engine: the list and the call both carry the protocol version in `_meta`.
  for (const method of ['tools/list', 'tools/call']) {
    const req = sent.find((r) => r.method === method);
    expect(req?.params?._meta?.[META_VERSION]).toBe('2026-07-28');
  }
}

async function slowWithCancel(page: Page, relay: RelayHandle): Promise<number> {
  await selectTool(page, 'slow');
  await page.locator('#args_ms').fill('60000');
  await page.getByTestId('tool-call').click();
  const running = page.getByTestId('tool-running');
  await running.waitFor({ timeout: 15_000 });
  const progress = running.getByTestId('tool-progress');
  await expect.poll(async () => Number((await progress.getAttribute('data-progress').catch(() => null)) ?? 0), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  const id = Number(await running.getAttribute('data-request-id'));
  await page.getByTestId('tool-cancel').click();
  await page.getByTestId('tool-cancelled').waitFor({ timeout: 10_000 });
  await expect.poll(async () => (await sentRequests(relay)).find((r) => r.id === id)?.params?._meta?.progressToken, { timeout: 10_000 }).toBe(id);
  return id;
}

async function confirmFromUi(page: Page): Promise<void> {
  await selectTool(page, 'confirm');
  await page.locator('#args_action').fill('deploy');
  await page.getByTestId('tool-call').click();
  await openTab(page, 'server-requests');
  const card = page.locator('[data-testid="server-request"][data-kind="elicitation"][data-state="pending"]');
  await card.waitFor({ timeout: 15_000 });
  expect(await card.textContent()).toContain('input request');
  await card.locator('input[type="checkbox"][id$="_confirm"]').check();
  await card.getByTestId('elicitation-accept').click();
  await openTab(page, 'tools');
  await page.getByTestId('tool-result').filter({ hasText: 'deploy: confirmed' }).waitFor({ timeout: 15_000 });
}

// The two HTTP describes talk to one SDK v2 server, each relay in sessions of its own (a server start is ~0.7 s of
// CPU on two busy cores); it starts when the first of them needs it, so a run of the stdio tests alone starts none.
let httpServer: Promise<RemoteServer> | null = null;
const sdkV2OverHttp = () => (httpServer ??= startRemoteServer(SDK_V2));
afterAll(async () => {
  await (await httpServer?.catch(() => null))?.stop();
});

describe('era modern over 2026 HTTP (--transport http-2026)', () => {
  let ui: EraInspector;
  beforeAll(async () => {
    const server = await sdkV2OverHttp();
    ui = await openWithEra('modern', { args: ['--url', server.url('/mcp'), '--transport', 'http-2026'] });
    await waitForDiscovery(ui.page);
  });
  afterAll(async () => {
    await ui?.close();
  });

  it('starts with server/discover, shown in the status and the Overview', async () => {
    const first = (await sentRequests(ui.relay))[0];
    expect(first).toMatchObject({ method: 'server/discover', params: { _meta: { [META_VERSION]: '2026-07-28' } } });
    expect(await ui.page.getByTestId('handshake-status').textContent()).toMatch(/^discovered: sdk-v2-fixture 1\.0\.0 · 2026-07-28/);
    expect(await ui.page.getByTestId('negotiated-version').textContent()).toBe('2026-07-28');
  });

  it('lists tools and calls route, whose header-bound argument needs the listed schema', () => listsAndRoutes(ui.page, ui.relay));

  it('shows a slow call’s progress and cancels it by closing its stream', async () => {
    await slowWithCancel(ui.page, ui.relay);
    const server = await sdkV2OverHttp();
    await expect.poll(() => server.output(), { timeout: 15_000 }).toContain('CANCELLED slow');
  });

  it('answers an input_required result from the Server requests panel, and the engine retries with the answer', async () => {
    await confirmFromUi(ui.page);
    const calls = (await sentRequests(ui.relay)).filter((r) => r.method === 'tools/call' && (r.params?.name as string) === 'confirm');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.params?.inputResponses).toMatchObject({ ok: { action: 'accept', content: { confirm: true } } });
  });

  it('subscribes with subscriptions/listen (no timeout) and highlights the update bump causes', async () => {
    const { page, relay } = ui;
    await openTab(page, 'resources');
    await page.locator('[data-testid="resource-item"][data-uri="memo://counter"]').click();
    await page.getByTestId('resource-reader').waitFor();
    await page.getByTestId('resource-subscribe').click();
    await expect.poll(() => page.getByTestId('resource-subscribe').getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => (await recordedFrames(relay)).some((f) => f.dir === 'in' && f.text.includes('notifications/subscriptions/acknowledged')), {
        timeout: 15_000,
      })
      .toBe(true);
    await selectTool(page, 'bump');
    await callTool(page, /counter is \d+/);
    await openTab(page, 'resources');
    await page.locator('[data-testid="resource-updated"][data-uri="memo://counter"]').waitFor({ timeout: 15_000 });
    await page.getByTestId('resource-stale').waitFor();
    const listen = (await sentRequests(relay)).find((r) => r.method === 'subscriptions/listen');
    expect(listen?.params).toMatchObject({ notifications: { resourceSubscriptions: ['memo://counter'] } });
    // Unsubscribe ends the stream: the listen is cancelled, not left to time out.
    await page.getByTestId('resource-subscribe').click();
    await expect.poll(() => page.getByTestId('resource-subscribe').getAttribute('aria-pressed')).toBe('false');
    await expect
      .poll(
        async () =>
          (await recordedFrames(relay)).some(
            (f) => f.dir === 'out' && f.text.includes('notifications/cancelled') && f.text.includes(`"requestId":${listen!.id}`),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it('after a reload, panel requests still carry the `_meta` keys: the engine takes on the discovery from the log', async () => {
    const { page, relay } = ui;
    const before = (await sentRequests(relay)).length;
    await page.reload();
    await waitForDiscovery(page);
    await selectTool(page, 'echo');
    await page.locator('#args_message').fill('after reload');
    await callTool(page, 'echo: after reload');
    const after = (await sentRequests(relay)).slice(before);
    expect(after.map((r) => r.method)).not.toContain('server/discover');
    const call = after.find((r) => r.method === 'tools/call');
    expect(call?.params?._meta?.[META_VERSION]).toBe('2026-07-28');
  });

  it('ran without page errors', () => expect(ui.errors).toEqual([]));
});

describe('era auto over HTTP (--transport auto)', () => {
  let ui: EraInspector;
  beforeAll(async () => {
    const server = await sdkV2OverHttp();
    ui = await openWithEra('auto', { args: ['--url', server.url('/mcp'), '--transport', 'auto'] });
    await waitForDiscovery(ui.page);
  });
  afterAll(async () => {
    await ui?.close();
  });

  it('probes with server/discover, which the server answers, so the session is modern', async () => {
    expect((await sentRequests(ui.relay)).map((r) => r.method).slice(0, 1)).toEqual(['server/discover']);
    expect(await ui.page.getByTestId('era-probe').count()).toBe(0);
  });

  it('lists tools and calls route', () => listsAndRoutes(ui.page, ui.relay));

  it('ran without page errors', () => expect(ui.errors).toEqual([]));
});

describe('era modern over stdio (--stdio)', () => {
  let ui: EraInspector;
  beforeAll(async () => {
    ui = await openWithEra('modern', { command: [process.execPath, SDK_V2, '--stdio'] });
    await waitForDiscovery(ui.page);
  });
  afterAll(() => ui?.close());

  it('lists tools and calls route', () => listsAndRoutes(ui.page, ui.relay));

  it('shows a slow call’s progress and cancels it with notifications/cancelled', async () => {
    const id = await slowWithCancel(ui.page, ui.relay);
    await expect
      .poll(
        async () =>
          (await recordedFrames(ui.relay)).some((f) => f.dir === 'out' && f.text.includes('notifications/cancelled') && f.text.includes(`"requestId":${id}`)),
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it('answers confirm’s input request from the UI', () => confirmFromUi(ui.page));

  it('sets the log level as _meta on later requests instead of sending logging/setLevel, which 2026 removed', async () => {
    await openTab(ui.page, 'logging');
    await ui.page.getByTestId('log-level-select').selectOption('debug');
    await ui.page.getByTestId('log-level-set').click();
    await ui.page.getByTestId('log-level-meta').filter({ hasText: 'logLevel: debug' }).waitFor({ timeout: 10_000 });
    const before = (await sentRequests(ui.relay)).length;
    await selectTool(ui.page, 'echo');
    await ui.page.locator('#args_message').fill('after level');
    await callTool(ui.page, 'after level', 'tool-call');
    const later = (await sentRequests(ui.relay)).slice(before);
    expect(later.find((r) => r.method === 'tools/call')?.params?._meta?.['io.modelcontextprotocol/logLevel']).toBe('debug');
    expect((await sentRequests(ui.relay)).some((r) => r.method === 'logging/setLevel')).toBe(false);
  });

  it('ran without page errors', () => expect(ui.errors).toEqual([]));
});
