// Collections in one import: the file's shape, variables, assertions and the run's report forms.
export * from './collection-schema.js';
export { readPointer, resolveVariables, variableProblems } from './variables.js';
export { checkAssertions, type StepOutcome } from './assertions.js';
export { runExitCode, runJunit, runSummary } from './run-report.js';
