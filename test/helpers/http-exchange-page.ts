// Drives the HTTP tab in a real browser: find an exchange by what it carried, open it, read its headers and frames.
import type { Locator, Page } from 'playwright-core';
import { openTab } from './panel-page.js';

/** Exchange rows, optionally only those whose "carried" column names `rpcMethod`. */
export function exchangeRows(page: Page, filter: { method?: string; status?: string | number; carrying?: string } = {}): Locator {
  let sel = '[data-testid="http-exchange-row"]';
  if (filter.method) sel += `[data-method="${filter.method}"]`;
  if (filter.status !== undefined) sel += `[data-status="${filter.status}"]`;
  const rows = page.locator(sel);
  return filter.carrying ? rows.filter({ has: page.getByTestId('http-exchange-carried').filter({ hasText: filter.carrying }) }) : rows;
}

/** Opens the HTTP tab and selects the first exchange matching `filter`; returns its detail section. */
export async function openExchange(page: Page, filter: Parameters<typeof exchangeRows>[1]): Promise<Locator> {
  await openTab(page, 'http');
  const row = exchangeRows(page, filter).first();
  await row.waitFor({ timeout: 20_000 });
  const id = await row.getAttribute('data-id');
  await row.click();
  const detail = page.locator(`[data-testid="http-exchange-detail"][data-id="${id}"]`);
  await detail.waitFor();
  return detail;
}

/** The value of a header row in the open exchange's Headers section, as the page shows it. */
export async function shownHeader(detail: Locator, side: 'request' | 'response', name: string): Promise<string | null> {
  await detail.getByTestId('http-section-headers').click();
  const row = detail.locator(`[data-testid="http-header"][data-side="${side}"][data-name="${name.toLowerCase()}"]`);
  if ((await row.count()) === 0) return null;
  return row.first().getByTestId('http-header-value').textContent();
}
