// The Profiles panel's Export, in Chromium: the downloaded config file of each client holds none of the secrets planted
// in a stdio and a remote profile (flag values, a credential-shaped argument, env values, headers, a URL's password and
// a secret query value), and holds them all once *secrets* is ticked.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_FLAVORS } from '../../shared/profiles/format-mcp-config.js';
import type { Profile } from '../../shared/profiles/profile.js';
import { launchBrowser, savedDownload, watchPageErrors } from '../helpers/browser.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';

const S = {
  password: 'pw-SEKRET1-e2e0a1',
  token: 'tok-SEKRET2-e2e0b2',
  shaped: 'ghp_SEKRETe2eAAAABBBBCCCCDDDD5678',
  envNamed: 'env-SEKRET4-e2e0c3',
  envMarked: 'env-SEKRET4m-e2e0d4',
  bearer: 'bearer-SEKRET5-e2e0e5',
  urlPassword: 'url-SEKRET7-e2e0f6',
  query: 'qs-SEKRET8-e2e0a7',
};

let browser: Browser;
let relay: RelayHandle;
let page: Page;
let errors: string[];

beforeAll(async () => {
  [relay, browser] = await Promise.all([startRelay(), launchBrowser()]);
  const profiles = [
    {
      name: 'stdio with secrets',
      target: {
        transport: 'stdio',
        command: 'node',
        args: ['server.js', '--password', S.password, `--token=${S.token}`, S.shaped],
        env: { API_KEY: S.envNamed, MY_SETTING: S.envMarked },
      },
      secretEnv: ['MY_SETTING'],
    },
    {
      name: 'remote with secrets',
      target: {
        transport: 'http',
        url: `https://alice:${S.urlPassword}@mcp.example.com/mcp?api_key=${S.query}`,
        headers: { Authorization: `Bearer ${S.bearer}` },
      },
      secretHeaders: ['Authorization'],
    },
  ];
  for (const p of profiles) expect((await relay.api<Profile>('/api/profiles', { method: 'POST', body: JSON.stringify(p) })).status).toBe(201);
  page = await (await browser.newContext({ viewport: { width: 1500, height: 900 }, acceptDownloads: true })).newPage();
  errors = watchPageErrors(page);
  await page.goto(relay.url);
  await page.getByTestId('view-tab-sessions').click();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await relay?.stop();
});

async function exported(format: string): Promise<string> {
  await page.getByTestId('profiles-export-format').selectOption(format);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('profiles-export').click()]);
  return readFileSync(await savedDownload(download), 'utf8');
}

describe('exporting profiles from the page', () => {
  it.each(CONFIG_FLAVORS)('downloads a %s config with no planted secret, and the rest of both recipes', async (format) => {
    const text = await exported(format);
    expect(Object.values(S).filter((s) => text.includes(s))).toEqual([]);
    expect(text).toContain('server.js');
    expect(text).toContain('--password');
    expect(text).toContain('mcp.example.com/mcp?api_key=');
  });

  it('downloads every planted secret once secrets is ticked', async () => {
    await page.locator('label[title^="write secret values"] input').check();
    const text = await exported('cursor');
    expect(Object.values(S).filter((s) => !text.includes(s))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
