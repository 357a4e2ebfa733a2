// Shared pieces of the browser benches: times taken in the page (performance.now(), navigation start = 0, polled every
// animation frame, so they include fetching, rendering and painting) for opening a session's log and jumping in it.
/* global document, requestAnimationFrame -- the functions passed to page.evaluate run in the page */

const ROW = 22;

/** Resolves in the page with performance.now() at the first animation frame where `test()` holds. */
export function until(page, test, arg, timeout = 120_000) {
  return page.waitForFunction(test, arg, { polling: 'raf', timeout }).then(() => page.evaluate(() => performance.now()));
}

/**
 * The log of a session of `lastSeq` frames opening in `page` (navigated already): the first row on screen, then the
 * paint (rows on screen and the whole session counted); then waits, untimed, for the held tail to have arrived and for
 * the editors the page mounts (their code is fetched only after the log's first paint), so that what is timed next
 * (jumps, filters) measures the log, not the replay or Monaco's start-up competing with it for the main thread. Done
 * when none shows its "loading editor…" placeholder; waiting for a visible .monaco-editor instead cost each run a 30 s
 * timeout (the editors sit in panels the layout keeps hidden). Leaves the log scrolled to its top.
 */
export async function openTimes(page, lastSeq) {
  const firstRow = await until(page, () => !!document.querySelector('[data-testid="log-row"]'));
  const paint = await until(
    page,
    (n) => !!document.querySelector('[data-testid="log-row"]') && Number(document.querySelector('[data-testid="log-count"]')?.textContent?.split(' ')[0]) >= n,
    lastSeq,
  );
  await page.waitForFunction((n) => !!document.querySelector(`[data-testid="log-row"][data-seq="${n}"]`), lastSeq, { timeout: 120_000 });
  await page.waitForFunction(() => !document.body.textContent.includes('loading editor…'), undefined, { polling: 'raf', timeout: 30_000 });
  // Off the tail: the log follows new frames only while scrolled to its end, and a frame recorded now (the server's
  // exit, say) must not pull a jump back there.
  await page.locator('[data-testid="log-table"]').evaluate((el) => (el.scrollTop = 0));
  await page.waitForSelector('[data-testid="log-row"][data-seq="1"]', { timeout: 30_000 });
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
