// Drives the Fault lab tab in a real browser: Run all, then read every preset's verdict off the results table.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { openTab, sessionFrames } from './panel-page.js';
import type { RelayHandle } from './relay-process.js';

/** Runs every preset the page enables and returns preset → outcome, once each has a row. */
export async function runAllPresets(page: Page, waitMs = 2000, lanes = 1): Promise<Record<string, string>> {
  await openTab(page, 'fault-lab');
  await page.getByTestId('fault-wait').fill(String(waitMs));
  await page.getByTestId('fault-lanes').fill(String(lanes));
  const enabled = page.locator('[data-testid^="fault-send-"]:enabled');
  await expect.poll(() => enabled.count(), { timeout: 15_000 }).toBeGreaterThan(20);
  const runnable = await enabled.count();
  await page.getByTestId('fault-run-all').click();
  const results = page.getByTestId('fault-result');
  await expect.poll(() => results.count(), { timeout: 240_000, interval: 1000 }).toBe(runnable);
  const pairs = await results.evaluateAll((els) => els.map((e) => [e.getAttribute('data-preset') ?? '', e.getAttribute('data-outcome') ?? ''] as const));
  return Object.fromEntries(pairs);
}

export async function explanationOf(page: Page, presetId: string): Promise<string> {
  return (await page.locator(`[data-testid="fault-result"][data-preset="${presetId}"] [data-testid="fault-explanation"]`).textContent()) ?? '';
}

/** Each mismatch with the explanation its row gave, for a failure message that says what came back. */
export async function explainMismatches(page: Page, mismatches: readonly string[]): Promise<string> {
  const lines = await Promise.all(mismatches.map(async (m) => `${m} (${await explanationOf(page, m.split(':')[0]!)})`));
  return lines.join('\n');
}

/** Every preset whose verdict differs from the table, as "id: got X, expected Y" (empty when all agree). */
export function verdictMismatches(got: Record<string, string>, expected: Record<string, string>): string[] {
  const ids = new Set([...Object.keys(got), ...Object.keys(expected)]);
  return [...ids].filter((id) => got[id] !== expected[id]).map((id) => `${id}: got ${got[id] ?? 'nothing'}, expected ${expected[id] ?? 'nothing'}`);
}

/** The scratch sessions the latest lab run used, one per connection (the links above the results name them). */
export async function scratchIds(page: Page): Promise<string[]> {
  const ids = await page.getByTestId('fault-scratch-link').evaluateAll((els) => els.map((e) => e.getAttribute('data-session-id')));
  return ids.filter((id): id is string => id !== null);
}

/** The frames of the scratch sessions the latest lab run used (the links above the results name them), each in order. */
export async function scratchFrames(page: Page, relay: Pick<RelayHandle, 'api'>): Promise<{ id: string; frames: FrameRecord[] }[]> {
  const ids = await scratchIds(page);
  if (ids.length === 0) throw new Error('no scratch session link');
  return Promise.all(ids.map(async (id) => ({ id, frames: await sessionFrames(relay, id) })));
}
