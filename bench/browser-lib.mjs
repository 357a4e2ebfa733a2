// Shared pieces of the browser benches: times taken in the page (performance.now(), navigation start = 0, polled every
// animation frame, so they include fetching, rendering and painting) for opening a session's log and jumping in it.
/* global window, document, requestAnimationFrame -- the functions passed to page.evaluate run in the page */
import { chromium } from 'playwright-core';
import { launchOptions } from '../scripts/chromium-flags.mjs';

/**
 * Debian's headless Chromium for a bench: a browser of its own, or, when MCPSCOPE_CHROMIUM_ENDPOINT names a running
 * one's server (the e2e project's, for the bench smoke test), a connection to it, which spares the smoke a launch.
 * Pages are browser contexts of their own either way, and `close()` ends what the bench opened.
 */
export function launchChromium() {
  const endpoint = process.env.MCPSCOPE_CHROMIUM_ENDPOINT;
  return endpoint ? chromium.connect(endpoint) : chromium.launch(launchOptions());
}

const ROW = 22;

/** Resolves in the page with performance.now() at the first animation frame where `test()` holds. */
export function until(page, test, arg, timeout = 120_000) {
  return page.waitForFunction(test, arg, { polling: 'raf', timeout }).then(() => page.evaluate(() => performance.now()));
}

/**
 * The first row on screen and the paint (rows on screen and all `lastSeq` frames counted) of the log opening in `page`,
 * in ms since navigation. Both moments are noted in the page, at the animation frame that first shows them: timing
 * each with its own wait and a performance.now() read afterwards would add whatever long task runs before that read.
 */
export async function openMoments(page, lastSeq) {
  const handle = await page.waitForFunction(
    (n) => {
      const t = (window.__open ??= {});
      const row = !!document.querySelector('[data-testid="log-row"]');
      if (row) t.firstRow ??= performance.now();
      if (row && Number(document.querySelector('[data-testid="log-count"]')?.textContent?.split(' ')[0]) >= n) t.paint ??= performance.now();
      return t.paint === undefined ? false : t;
    },
    lastSeq,
    { polling: 'raf', timeout: 120_000 },
  );
  return handle.jsonValue();
}

/**
 * Notes, in the page, when the relay's `synced` message (the end of a subscription's replay) reaches the main thread:
 * `window.__synced`. Call on the context (or page) before navigating; `openTimes` waits for it before the jumps.
 */
export function noteSynced(context) {
  return context.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...a) {
        super(...a);
        this.addEventListener('message', (e) => {
          if (typeof e.data === 'string' && e.data.startsWith('{"type":"synced"')) window.__synced ??= performance.now();
        });
      }
    };
  });
}

/**
 * Resolves in the page once its main thread has had `n` idle periods in a row of at least 40 ms each (Chromium gives
 * up to 50 ms when nothing is queued or due): no task, timer slice or frame pending. Nothing in the bench polls the page
 * meanwhile (a waitForFunction polling every animation frame would itself keep the frames coming).
 */
function pageQuiet(page, n = 3) {
  return page.evaluate(
    (n) =>
      new Promise((resolve) => {
        let quiet = 0;
        const step = (deadline) => {
          quiet = deadline.timeRemaining() >= 40 ? quiet + 1 : 0;
          if (quiet >= n) resolve();
          else window.requestIdleCallback(step);
        };
        window.requestIdleCallback(step);
      }),
    n,
  );
}

/**
 * The log of a session of `lastSeq` frames opening in `page` (navigated already, its context given `noteSynced`): the
 * first row on screen, and the paint (rows on screen and the whole session counted), each at the first animation
 * frame that shows it. Then waits, untimed, for what would otherwise compete with what is timed next (jumps, filters)
 * for the page's main thread: the replay of the held frames over (the relay's `synced`: a windowed session's last rows
 * come from a page read before the replay, so the last row on screen says nothing of it), any editor on screen given
 * its code (the plain-text placeholder, `editor-placeholder` or "loading editor…", gone; one hidden until opened, like
 * the collapsed composer's, loads nothing), and then the main thread quiet (the replayed frames' lint, a slice per
 * task, and Monaco's start-up done). Leaves the log scrolled to its top, row 1 on screen.
 */
export async function openTimes(page, lastSeq) {
  const { firstRow, paint } = await openMoments(page, lastSeq);
  await page.waitForFunction(() => window.__synced !== undefined, undefined, { timeout: 120_000 });
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="editor-placeholder"]') && !document.body.textContent.includes('loading editor…'),
    undefined,
    { timeout: 60_000 },
  );
  await pageQuiet(page);
  // Off the tail: the log follows new frames only while scrolled to its end, and a frame recorded now (the server's
  // exit, say) must not pull a jump back there. Set again if a frame arriving before the scroll event was handled
  // pulled the view back to the end.
  const table = page.locator('[data-testid="log-table"]');
  for (let tries = 1; ; tries++) {
    await table.evaluate((el) => (el.scrollTop = 0));
    try {
      await page.waitForSelector('[data-testid="log-row"][data-seq="1"]', { timeout: 5_000 });
      break;
    } catch (e) {
      if (tries === 6) {
        const shown = await table.evaluate(
          (el) => `scrollTop ${el.scrollTop}, rows ${[...el.querySelectorAll('[data-testid="log-row"]')].map((r) => r.getAttribute('data-seq')).join(',')}`,
        );
        throw new Error(`row 1 not on screen after the log was scrolled to its top 6 times (${shown})`, { cause: e });
      }
    }
  }
  return { firstRow, paint };
}

/** One jump to `seq`: from setting the log's scrollTop until that row is on screen, in ms; throws if it never lands. */
export async function jumpMs(page, seq) {
  const ms = await page.evaluate(
    ({ seq, row }) =>
      new Promise((resolve) => {
        const el = document.querySelector('[data-testid="log-table"]');
        const t0 = performance.now();
        // Past the browser's height cap the log scrolls a scaled extent (data-scroll-scale px of rows a pixel).
        el.scrollTop = ((seq - 1) * row) / Number(el.getAttribute('data-scroll-scale') ?? 1);
        const check = () => {
          if (document.querySelector(`[data-testid="log-row"][data-seq="${seq}"]`)) return resolve(performance.now() - t0);
          // A jump that never lands is reported with what the table shows, not waited on forever.
          if (performance.now() - t0 > 30_000) {
            const shown = [...el.querySelectorAll('[data-testid="log-row"]')].map((r) => Number(r.getAttribute('data-seq')));
            const pending = el.querySelectorAll('[data-testid="log-row-pending"]').length;
            return resolve(`jump to ${seq} did not land: scrollTop ${el.scrollTop}, rows ${Math.min(...shown)}–${Math.max(...shown)}, ${pending} pending`);
          }
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { seq, row: ROW },
  );
  if (typeof ms === 'string') throw new Error(ms);
  return ms;
}
