// The e2e worker's own Chromium, launched once per vitest worker and shared by the test files it runs one after
// another (the e2e project runs `isolate: false`). It replaced one Chromium for the run behind a Playwright server in
// vitest's main process, which every file reached with `chromium.connect`: each CDP message then crossed two
// Playwright layers in two Node processes (docs/development.md, "The suite's time, round 6").
// Files stay apart as before: each file gets a view of the browser (`fileBrowser`) that sees and closes only the
// contexts it opened, and every page is a context of its own; the setup file's sweep closes any a file left open.
// The browser ends with its worker: vitest stops a worker with SIGTERM (and SIGKILL half a second later); the handler
// below exits through Playwright's exit handler, which kills Chromium and removes its profile, and a worker killed
// outright takes its Chromium along, which, launched with --remote-debugging-pipe, exits when the pipe's other end
// closes (test/e2e/test-chromium.test.ts checks both).
import type { Browser, BrowserContext, BrowserServer } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium-options.js';

interface Held {
  browser?: Promise<Browser>;
  server?: Promise<BrowserServer>;
}

// On globalThis, not in module scope: a module evaluated afresh (another project's isolation) must not launch a
// second browser in the same process.
const KEY = Symbol.for('mcpscope.worker-chromium');
const held: Held = ((globalThis as Record<symbol, Held | undefined>)[KEY] ??= {});

/** Ends the worker and what it launched on SIGTERM, which Node's default would end without the 'exit' event. */
function endWithWorker(): void {
  if (process.listeners('SIGTERM').includes(onTerm)) return;
  process.once('SIGTERM', onTerm);
}
function onTerm(): void {
  try {
    // On 'exit', Playwright kills every browser it launched (the process group) and removes its profile folder,
    // synchronously: nothing is left for vitest's SIGKILL half a second later to cut short.
    process.exit(143);
  } catch {
    // vitest replaces process.exit with a throwing stub while its worker runs test files: close the browsers
    // instead, as far as the half second allows (a Chromium still open then loses its pipe with the worker).
    void Promise.allSettled([held.browser?.then((b) => b.close()), held.server?.then((s) => s.close())]);
  }
}

/** Keeps a launch's promise while it can be used, and forgets it once it failed, so the next call tries again. */
function hold<T>(launch: Promise<T>, forget: () => void): Promise<T> {
  endWithWorker();
  launch.catch(forget);
  return launch;
}

/** The worker's Chromium, launched on first use. */
export function workerBrowser(): Promise<Browser> {
  held.browser ??= hold(
    import('playwright-core').then(async ({ chromium }) => {
      const browser = await chromium.launch({ ...chromiumLaunchOptions(), handleSIGTERM: false });
      browser.once('disconnected', () => (held.browser = undefined));
      return browser;
    }),
    () => (held.browser = undefined),
  );
  return held.browser;
}

/**
 * A `ws://` endpoint of a Chromium of this worker's, for child scripts that connect to a running browser
 * (`MCPSCOPE_CHROMIUM_ENDPOINT`: the bench smoke, replay-check) instead of launching one each. A browser of its own,
 * launched on first use: the files' browser is reached in-process, without a server.
 */
export function workerChromiumEndpoint(): Promise<string> {
  held.server ??= hold(
    import('playwright-core').then(({ chromium }) => chromium.launchServer({ ...chromiumLaunchOptions(), handleSIGTERM: false })),
    () => (held.server = undefined),
  );
  return held.server.then((s) => s.wsEndpoint());
}

/** Closes every context still open in the worker's browser (what a file left behind); resolves to how many. */
export async function closeLeftContexts(): Promise<number> {
  const browser = await held.browser?.catch(() => undefined);
  const left = browser?.contexts() ?? [];
  await Promise.all(left.map((c) => c.close().catch(() => undefined)));
  return left.length;
}

/**
 * One file's view of the worker's browser: `newContext`/`newPage` open contexts it owns, `contexts()` lists only
 * those, and `close()` closes them and leaves the browser running for the worker's next file. Everything else (a
 * browser CDP session, `version()`) is the browser's own.
 */
export function fileBrowser(browser: Browser): Browser {
  const own = new Set<BrowserContext>();
  let closed = false;
  const adopt = (context: BrowserContext) => {
    own.add(context);
    context.once('close', () => own.delete(context));
    return context;
  };
  const open = () => {
    if (closed) throw new Error("this file's browser is closed");
  };
  const view: Partial<Browser> = {
    async newContext(options) {
      open();
      return adopt(await browser.newContext(options));
    },
    async newPage(options) {
      open();
      const page = await browser.newPage(options);
      adopt(page.context());
      return page;
    },
    contexts: () => [...own],
    isConnected: () => !closed && browser.isConnected(),
    async close() {
      closed = true;
      await Promise.all([...own].map((c) => c.close().catch(() => undefined)));
    },
  };
  return new Proxy(browser, {
    get(target, key) {
      if (key in view) return view[key as keyof Browser];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
