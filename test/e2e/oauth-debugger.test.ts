import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchPageErrors } from '../helpers/browser.js';
import { callTool, openTab, recordedFrames, selectTool, waitForServer } from '../helpers/panel-page.js';
import { FIXTURES, startRelay, waitFor, type RelayHandle } from '../helpers/relay-process.js';
import { startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';

// An MCP server that answers 401 until it gets a token from its own authorization server (which approves without
// a person): the page connects, the person clicks Authorize, the redirect comes back to the relay, the call works.
let server: RemoteServer;
let relay: RelayHandle;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startRemoteServer(join(FIXTURES, 'oauth-server.mjs')), launchBrowser()]);
  relay = await startRelay({ args: ['--url', server.url('/mcp'), '--transport', 'http', '--auth', 'oauth'] });
  const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
  page = await context.newPage();
  errors = watchPageErrors(page);
  await page.goto(relay.url);
});

afterAll(async () => {
  await browser?.close();
  await relay?.stop();
  await server?.stop();
});

describe('OAuth in the browser, with the auth debugger', () => {
  it('waits for the person, who authorizes in a new tab that comes back to the relay', async () => {
    await openTab(page, 'auth');
    const authorize = page.getByTestId('auth-authorize');
    await authorize.waitFor({ timeout: 30_000 });
    // The waiting flow already shows its discovery steps, each done.
    for (const step of ['challenge', 'resource-metadata', 'server-metadata', 'client']) {
      await expect.poll(() => page.getByTestId(`auth-step-${step}`).first().getAttribute('data-status')).toBe('ok');
    }
    expect(await page.getByTestId('auth-step-authorization').first().getAttribute('data-status')).toBe('waiting');
    const [popup] = await Promise.all([page.context().waitForEvent('page'), authorize.click()]);
    await popup.waitForLoadState();
    await expect.poll(() => popup.textContent('body')).toContain('mcpscope received the authorization');
    expect(new URL(popup.url()).pathname).toBe('/oauth/callback');
    await popup.close();
    await waitForServer(page);
  });

  it('shows every step of the flow done, with its requests, and the token only masked', async () => {
    await openTab(page, 'auth');
    const flow = page.getByTestId('auth-flow').first();
    await expect.poll(() => flow.getAttribute('data-outcome')).toBe('ok');
    for (const step of ['challenge', 'resource-metadata', 'server-metadata', 'client', 'authorization', 'token', 'retry']) {
      expect(await flow.getByTestId(`auth-step-${step}`).getAttribute('data-status'), step).toBe('ok');
    }
    // The token step made one request to the token endpoint; its response body shows the token masked.
    const token = flow.getByTestId('auth-step-token');
    await token.locator('button').first().click();
    const exchange = token.getByTestId('auth-exchange').first();
    await exchange.locator('button').click();
    await expect.poll(() => exchange.textContent()).toContain('"access_token": "••••"');
    await expect.poll(() => page.getByTestId('auth-stored-token').first().textContent()).toMatch(/•••• \(\d+ characters\)/);
  });

  it('calls a tool with the token, which the server accepts', async () => {
    await openTab(page, 'tools');
    await selectTool(page, 'whoami');
    await callTool(page, /client .*, scopes mcp:read/);
  });

  it('records no secret of the flow: no token, code, verifier or state in the session', async () => {
    const frames = await recordedFrames(relay);
    const text = frames.map((f) => f.text).join('\n');
    expect(text).toContain('"purpose":"auth"');
    expect(text).not.toMatch(/"access_token":"(?!••••)/);
    expect(text).not.toMatch(/[?&]code=(?!••••)/);
    expect(text).not.toMatch(/code_verifier=(?!••••)/);
    expect(text).not.toMatch(/[?&]state=(?!••••)/);
    // The tokens live in the data directory's file, readable by the user only.
    expect(statSync(join(relay.dataDir, 'oauth-tokens.json')).mode & 0o777).toBe(0o600);
  });

  it('forgets the stored tokens on request', async () => {
    await openTab(page, 'auth');
    await page.getByTestId('auth-forget').first().click();
    await expect.poll(() => page.getByTestId('auth-stored-row').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('connects a client credentials target typed in the form: the secret in a password field, no person, no registration', async () => {
    const SECRET = 'cc-secret-e2e-71f0';
    const asked = () =>
      server
        .output()
        .split('\n')
        .filter((l) => /^(AUTHORIZE|REGISTER)/.test(l)).length;
    const before = asked();
    await page.getByTestId('target-toggle').click();
    await page.getByTestId('target-oauth-grant').selectOption('client_credentials');
    // The person flow's options give way to the key file.
    await page.getByTestId('target-client-key').waitFor();
    expect(await page.getByTestId('target-oauth-open').count()).toBe(0);
    await page.getByTestId('target-client-id').fill('cc-bot');
    await page.getByTestId('target-client-secret').fill(SECRET);
    expect(await page.getByTestId('target-client-secret').getAttribute('type')).toBe('password');
    await page.getByTestId('target-scope').fill('mcp:read');
    const sessions = async () => (await relay.api<{ id: string; target: { auth?: Record<string, unknown> } }[]>('/api/sessions')).body;
    const known = new Set((await sessions()).map((x) => x.id));
    await page.getByTestId('connect-button').click();
    const created = await waitFor(async () => (await sessions()).find((x) => !known.has(x.id)), 'the new session');
    expect(created.target.auth).toMatchObject({ grant: 'client_credentials', clientId: 'cc-bot', scope: 'mcp:read' });
    expect(JSON.stringify(created.target)).not.toContain(SECRET);

    // Its flow: the client step names the pre-registered client and how it authenticates, then the token request (this
    // fixture knows no such client, so it refuses); nobody was asked to approve and nothing registered.
    await openTab(page, 'auth');
    const client = page.getByTestId('auth-step-client').filter({ hasText: 'cc-bot' }).first();
    await expect.poll(() => client.getAttribute('data-status'), { timeout: 20_000 }).toBe('ok');
    expect(await client.textContent()).toContain('client credentials');
    expect(asked()).toBe(before);
  });
});
