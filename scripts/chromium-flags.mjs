// How every Chromium this repository starts is launched (the tests' one, the benches', the screenshot's): Debian's
// (never a downloaded browser), headless, with nothing running that a page of the UI does not ask for. One list, so a
// bench measures the page the tests load, not a browser set up another way.

import { fileURLToPath } from 'node:url';

/** The Chromium binary: Debian's, or MCPSCOPE_CHROMIUM. */
export const CHROMIUM_BINARY = process.env.MCPSCOPE_CHROMIUM ?? '/usr/bin/chromium';

/**
 * What to launch (Playwright's `executablePath`): scripts/chromium.sh, which runs CHROMIUM_BINARY with Playwright's
 * `--disable-features` list and ours below merged into one (Chromium keeps only the last of a switch given twice).
 */
const CHROMIUM = fileURLToPath(new URL('chromium.sh', import.meta.url));

/**
 * Launch flags. `--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup`: Chromium 156 loads its address bar's
 * popups (chrome://omnibox-popup.top-chrome/ and its AI-mode page) as web pages of their own in every browser
 * context, even headless, in a renderer of their own: a second renderer per context that cost about as much CPU as
 * the page under test (docs/development.md, "The omnibox's renderer"). Nothing headless shows them. Launched through
 * CHROMIUM, this list is added to Playwright's own.
 * `SpareRendererForSitePerProcess`: Chromium keeps a spare renderer started for the next navigation; the tests open
 * every page in a browser context of its own and close it soon after, so (the likely reason, not traced) the spare is
 * mostly started for nothing. Off, a page load of the demo session cost the renderers 0.86× and 0.92× the CPU in two
 * alternating runs (docs/development.md, "The suite's time, round 8").
 */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess',
];

/** Playwright's launch options for a Chromium of the repository's: CHROMIUM, headless, CHROMIUM_FLAGS, then `extra`. */
export function launchOptions(extra = []) {
  return { executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_FLAGS, ...extra] };
}
