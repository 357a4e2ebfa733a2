// The e2e fixture: one relay, one browser view and one page per test file (each takes seconds on two busy cores),
// shared explicitly: a test gets the page through this fixture, and must not rely on what another test left on it or
// on the server. Whatever a test needs (a tab open, a request sent, a tool called) it does itself, so it passes alone
// (`-t`) and in any order (`--sequence.shuffle`). `isolated: true` gives every test a fresh browser context and page
// instead (about a second more per test), for files whose tests change what the page remembers (storage, eras); a
// test of a file with a shared page that changes what the page remembers asks for `freshPage` instead of `page`: a
// context and page of its own, closed after it.
// Page and console errors fail the test during which they happened.
// The relay and browser are stopped in an afterAll of the file, not only in the fixture's cleanup: Vitest cleans up
// file-scoped fixtures after every afterAll, the setup file's sweep of stray processes (stop-stragglers.ts) included,
// which would otherwise find the fixture's own relay still running and report it as one the file's teardown left.
import { afterAll, expect, test } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { startRelayAndBrowser, watchPageErrors } from './browser.js';
import type { RelayHandle } from './relay-process.js';

export interface InspectorTestOptions {
  /** The stdio server the relay starts (after --). */
  command?: string[];
  /** Relay flags, such as --url. */
  args?: string[];
  /** Words before the relay's flags: a subcommand such as `open <bundle>`. */
  leading?: string[];
  context?: BrowserContextOptions;
  /** Extra query for the page URL (e.g. memoryFrames=300), before the token fragment. */
  query?: string;
  /** A fresh context and page for every test instead of one page per file. */
  isolated?: boolean;
  /**
   * Console errors the file's tests cause on purpose (the browser logs a refused request's status, e.g. a 400 for a
   * bundle the relay refuses): errors matching it do not fail a test; every other one still does.
   */
  expectedErrors?: RegExp;
}

interface OpenPage {
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

async function openPage(browser: Browser, relay: RelayHandle, opts: InspectorTestOptions): Promise<OpenPage> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...opts.context });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(opts.query ? relay.url.replace('/#', `/?${opts.query}#`) : relay.url);
  return { page, errors, close: () => context.close() };
}

export function inspectorTest(opts: InspectorTestOptions) {
  /** Stops the file's relay and browser, once, whichever of the afterAll and the fixture's cleanup comes first. */
  let stop: (() => Promise<void>) | null = null;
  const stopOnce = () => {
    const s = stop;
    stop = null;
    return s?.();
  };
  // Registered after the setup file's sweep, so it runs before it (after-hooks run in reverse order).
  afterAll(stopOnce, 30_000);
  return (
    test
      // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern: none.
      .extend('inspector', { scope: 'file' }, async ({}, { onCleanup }) => {
        const { relay, browser } = await startRelayAndBrowser({
          ...(opts.command ? { command: opts.command } : {}),
          ...(opts.args ? { args: opts.args } : {}),
          ...(opts.leading ? { leading: opts.leading } : {}),
        });
        stop = async () => {
          await browser.close();
          await relay.stop();
        };
        onCleanup(stopOnce);
        const shared = opts.isolated ? null : await openPage(browser, relay, opts);
        return { relay, browser, shared };
      })
      .extend('page', async ({ inspector }, { onCleanup }) =>
        testPage(inspector.shared ?? (await openPage(inspector.browser, inspector.relay, opts)), !inspector.shared, onCleanup, opts.expectedErrors),
      )
      .extend('freshPage', async ({ inspector }, { onCleanup }) =>
        testPage(await openPage(inspector.browser, inspector.relay, opts), true, onCleanup, opts.expectedErrors),
      )
  );
}

/** A test's page: closed after the test when it is the test's own; page and console errors meanwhile fail the test. */
function testPage(open: OpenPage, own: boolean, onCleanup: (fn: () => Promise<void>) => void, expected?: RegExp): Page {
  const seen = open.errors.length;
  onCleanup(async () => {
    if (own) await open.close();
    expect(
      open.errors.slice(seen).filter((e) => !expected?.test(e)),
      'page and console errors',
    ).toEqual([]);
  });
  return open.page;
}
