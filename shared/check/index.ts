// The check suite in one import: the checks, the runner, the report forms and the shapes.
export * from './check-types.js';
export { CHECKS, runChecks } from './run-checks.js';
export { checkExitCode, checkMarkdown, countStatuses, frameLink, terminalSummary } from './check-report.js';
export { checkJunit } from './check-junit.js';
export { CheckBaselineSchema, baselineOf, compareBaseline, type BaselineComparison, type CheckBaseline } from './check-baseline.js';
export { argumentsFor } from './schema-arguments.js';
