// How every test Chromium starts: Debian's (never a downloaded browser), headless, with nothing running that a test
// does not ask for. Shared by the e2e project's one browser (test/setup/chromium-server.ts) and launchBrowser.
import { existsSync } from 'node:fs';
import type { LaunchOptions } from 'playwright-core';

export const CHROMIUM = process.env.MCPSCOPE_CHROMIUM ?? '/usr/bin/chromium';

export function chromiumLaunchOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: run .ci/run, or apt-get install chromium`);
  return {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  };
}
