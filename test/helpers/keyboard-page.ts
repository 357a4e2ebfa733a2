// Drives the page by keyboard alone, as a keyboard user would: where the focus is, Tab until it is somewhere, an editor's text.
import type { Locator, Page } from 'playwright-core';

/** What has the focus, by name: its test id (and data-name), else #id, else its tag; "editor:<box>" inside Monaco. */
export function focusName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const editor = el.closest('.monaco-editor');
    if (editor) return `editor:${editor.parentElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? '?'}`;
    const id = el.getAttribute('data-testid');
    const name = el.getAttribute('data-name');
    return id ? (name ? `${id}[${name}]` : id) : el.id ? `#${el.id}` : el.tagName.toLowerCase();
  });
}

/** Presses Tab until `name` has the focus; fails naming every stop on the way. */
export async function tabTo(page: Page, name: string, { max = 120 } = {}): Promise<void> {
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await focusName(page);
    if (now === name) return;
    path.push(now);
  }
  // Runs of one stop (a trapped focus) shown once with their count.
  const runs: [string, number][] = [];
  for (const stop of path) {
    const last = runs.at(-1);
    if (last?.[0] === stop) last[1] += 1;
    else runs.push([stop, 1]);
  }
  throw new Error(`Tab never reached ${name}; it went ${runs.map(([stop, n]) => (n > 1 ? `${stop} ×${n}` : stop)).join(' → ')}`);
}

/**
 * The editor's text as drawn (Monaco draws spaces as no-break spaces): what a stray Tab or Enter would change. Monaco
 * draws on the next animation frame, so the text is read until two reads 150 ms apart agree: a key's effect has landed.
 */
export async function editorText(box: Locator): Promise<string> {
  const lines = box.locator('.view-lines');
  let last = await lines.innerText();
  for (let i = 0; i < 30; i++) {
    await new Promise((r) => setTimeout(r, 150));
    const now = await lines.innerText();
    if (now === last) return now;
    last = now;
  }
  throw new Error(`the editor's text kept changing: ${last}`);
}
