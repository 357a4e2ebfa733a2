// The check suite in one import: the checks, the runner, the report forms and the shapes.
export * from './check-types.js';
export { CHECKS, runChecks, attachFindings, type RunChecksOptions } from './run-checks.js';
export { checkExitCode, checkMarkdown, countStatuses, frameLink, summaryLine, terminalSummary } from './check-report.js';
export { checkJunit, failsRun, type FailOn } from './check-junit.js';
export { BASELINE_VERSION, CheckBaselineSchema, baselineOf, compareBaseline, type BaselineComparison, type CheckBaseline } from './check-baseline.js';
export { argumentsFor } from './schema-arguments.js';
export { FOREIGN_ORIGIN } from './http-checks.js';
export { UNSUPPORTED_VERSION } from './lifecycle-checks.js';
export { ruleSentence } from './rule-sentence.js';
