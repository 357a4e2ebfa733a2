// Global setup of the e2e project: one headless Chromium for the whole run, which every test file connects to
// (launchBrowser in test/helpers/browser.ts): a Chromium per file cost seconds of CPU to start and stop on two cores.
// Files stay apart as before: each page a file opens lives in a browser context of its own (storage, cookies, cache),
// a file sees only its own contexts, and they close when the file disconnects.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumLaunchOptions } from '../helpers/chromium-options.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium; absent outside the e2e project, where launchBrowser starts a browser of its own. */
    chromiumEndpoint?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(chromiumLaunchOptions());
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
