// The fault lab's Run all against a server that dies on one preset (scripted-server --die-on-jsonrpc 1.0): that preset
// is graded "died" once, first with the exit code and the last stderr line, at severity error; the presets after it
// are sent to a fresh scratch server and graded, never "no reply" on a dead one; and each row carries the severity its
// preset's sentence gives (the same one lint and check give).
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { explanationOf, runAllPresets } from '../helpers/fault-lab-page.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { waitForServer } from '../helpers/panel-page.js';
import { ROOT } from '../helpers/relay-process.js';

const it = inspectorTest({ command: [process.execPath, join(ROOT, 'test', 'fixtures', 'scripted-server.mjs'), '--die-on-jsonrpc', '1.0'] });

describe('fault lab Run all on a server that dies on one preset', () => {
  it('grades the death once, with its exit code and stderr, then grades the rest on a fresh server', async ({ page }) => {
    await waitForServer(page);
    const outcomes = await runAllPresets(page, 1500, 1);
    expect(
      Object.entries(outcomes)
        .filter(([, o]) => o === 'died')
        .map(([id]) => id),
    ).toEqual(['wrong-jsonrpc']);
    expect(await explanationOf(page, 'wrong-jsonrpc')).toMatch(
      /^The server died on the preset "Wrong jsonrpc \("1\.0"\)": the server exited \(code 7, signal -\)\. Its last stderr lines: "fatal: unsupported jsonrpc version 1\.0"/,
    );
    const row = (id: string) => page.locator(`[data-testid="fault-result"][data-preset="${id}"]`);
    expect(await row('wrong-jsonrpc').getAttribute('data-severity')).toBe('error');
    await expect.poll(() => row('wrong-jsonrpc').getByTestId('fault-severity').textContent()).toBe('error (MUST)');
    // After it: answered by the fresh server (the fixture answers these), not "no reply" and not "not sent".
    for (const id of ['missing-jsonrpc', 'unknown-method', 'rpc-method']) {
      expect([id, outcomes[id]]).not.toEqual([id, 'no-reply']);
      expect(await explanationOf(page, id)).not.toMatch(/^Not sent/);
    }
    expect(await row('unknown-method').getAttribute('data-severity')).toBe('none');
  }, 300_000);
});
