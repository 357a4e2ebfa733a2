// How every Chromium this repository starts is launched (the tests' one, the benches', the screenshot's): Debian's
// (never a downloaded browser), headless, with nothing running that a page of the UI does not ask for. One list, so a
// bench measures the page the tests load, not a browser set up another way.

/** The Chromium binary: Debian's, or MCPSCOPE_CHROMIUM. */
export const CHROMIUM = process.env.MCPSCOPE_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Launch flags. `--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup`: Chromium 156 loads its address bar's
 * popups (chrome://omnibox-popup.top-chrome/ and its AI-mode page) as web pages of their own in every browser
 * context, even headless, in a renderer of their own: a second renderer per context that cost about as much CPU as
 * the page under test (docs/development.md, "The omnibox's renderer"). Nothing headless shows them.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
