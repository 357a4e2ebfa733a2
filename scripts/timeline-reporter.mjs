// A vitest reporter that writes, for each test file, when it was queued, collected and started, when each of its
// hooks and tests began and ended, and how long its import took, each line stamped with the seconds since the run
// began: where the time between one file's last test and the next file's first test goes (docs/development.md,
// "Test suite time"). Times are when the event reached vitest's main process (a few ms after it happened).
// Usage: npx vitest run --project e2e --reporter=default --reporter=./scripts/timeline-reporter.mjs [files]
//        (writes test-results/timeline.log, or the file TIMELINE_OUT names)
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const OUT = process.env.TIMELINE_OUT ?? 'test-results/timeline.log';
const T0 = Date.now();
const at = () => ((Date.now() - T0) / 1000).toFixed(2).padStart(8);
const log = (line) => appendFileSync(OUT, `${at()} ${line}\n`);
const file = (m) => m.moduleId.replace(/.*\/test\//, '');
const what = (e) => (e.type === 'module' ? file(e) : `${file(e.module)} :: ${e.name}`.slice(0, 120));

export default class TimelineReporter {
  onInit() {
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, '');
    log('run start');
  }
  onTestModuleQueued(m) {
    log(`queued     ${file(m)}`);
  }
  onTestModuleCollected(m) {
    log(`collected  ${file(m)}`);
  }
  onHookStart(h) {
    log(`hook start ${h.name} ${what(h.entity)}`);
  }
  onHookEnd(h) {
    log(`hook end   ${h.name} ${what(h.entity)}`);
  }
  onTestCaseReady(c) {
    log(`test start ${what(c)}`);
  }
  onTestCaseResult(c) {
    log(`test end   ${what(c)} ${c.result().state} ${((c.diagnostic()?.duration ?? 0) / 1000).toFixed(1)} s`);
  }
  onTestModuleEnd(m) {
    const d = m.diagnostic();
    log(
      `file end   ${file(m)} (import ${Math.round(d.collectDuration)} ms, setup files ${Math.round(d.setupDuration)} ms, tests and hooks ${Math.round(d.duration)} ms)`,
    );
  }
  onTestRunEnd() {
    log('run end');
  }
}
