// The host's extra checks (the robustness presets) beside the suite on a stdio server, after it otherwise: when each
// starts, the order of the returned results, and a failed extra reported only once the suite is done.
import { describe, expect, it } from 'vitest';
import { runChecks, type CheckContext, type CheckResult } from '../../../shared/check/index.js';
import { goodServer } from '../../helpers/scripted-peer.js';
import { checkResult } from './check-result.js';
import { scriptedContext } from './check-context.js';

const context = () => scriptedContext(goodServer());

const preset = (id: string): CheckResult =>
  checkResult(`robustness/${id}`, 'pass', {
    group: 'robustness',
    detail: 'seen',
    title: id,
    spec: { keyword: 'MUST', quote: 'q', source: 's' },
    frames: [],
    fix: 'f',
  });

/** An extra that notes when it started (against the suite's results seen so far), and reports one preset when `release` is called. */
function extraProbe() {
  const seen: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let startedAfter: number | null = null;
  return {
    seen,
    release: () => release(),
    startedAfter: () => startedAfter,
    onResult: (r: CheckResult) => seen.push(r.id),
    extra: async (_ctx: CheckContext, each: (r: CheckResult) => void) => {
      startedAfter = seen.length;
      await gate;
      const r = preset('invalid-json');
      each(r);
      return [r];
    },
  };
}

describe('the extras beside the suite', () => {
  it('start with the suite, report as they finish, and come after the suite in the results', async () => {
    const probe = extraProbe();
    const run = runChecks(await context(), { only: ['lifecycle/ping', 'tools/list'], onResult: probe.onResult, extra: probe.extra, extraBeside: true });
    // Started before any check of the suite was graded.
    await new Promise((r) => setTimeout(r, 0));
    expect(probe.startedAfter()).toBe(0);
    setTimeout(probe.release, 50);
    const results = await run;
    expect(results.map((r) => r.id)).toEqual(['lifecycle/ping', 'tools/list', 'robustness/invalid-json']);
    expect(probe.seen).toContain('robustness/invalid-json');
  });

  it('start only once the suite and its transcript are graded when not beside', async () => {
    const probe = extraProbe();
    probe.release();
    const results = await runChecks(await context(), { only: ['lifecycle/ping', 'tools/list'], onResult: probe.onResult, extra: probe.extra });
    expect(probe.startedAfter()).toBe(2);
    expect(results.map((r) => r.id)).toEqual(['lifecycle/ping', 'tools/list', 'robustness/invalid-json']);
    expect(probe.seen.at(-1)).toBe('robustness/invalid-json');
  });

  it('fail the run when they fail, but only once the suite has finished', async () => {
    const seen: string[] = [];
    const run = runChecks(await context(), {
      only: ['lifecycle/ping', 'tools/list'],
      onResult: (r) => seen.push(r.id),
      extra: () => Promise.reject(new Error('the lane could not start')),
      extraBeside: true,
    });
    await expect(run).rejects.toThrow('the lane could not start');
    expect(seen).toEqual(['lifecycle/ping', 'tools/list']);
  });
});
