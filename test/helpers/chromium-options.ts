// How every test Chromium starts, with the flags in scripts/chromium-flags.mjs (the benches' too). Shared by the e2e
// project's one browser (test/setup/chromium-server.ts) and launchBrowser.
import { existsSync } from 'node:fs';
import type { LaunchOptions } from 'playwright-core';
import { CHROMIUM_BINARY, launchOptions } from '../../scripts/chromium-flags.mjs';

export function chromiumLaunchOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM_BINARY)) throw new Error(`no Chromium at ${CHROMIUM_BINARY}: run .ci/run, or apt-get install chromium`);
  return launchOptions();
}
