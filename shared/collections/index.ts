// Collections in one import: the file's shape, variables, assertions and the run's report forms.
export * from './collection-schema.js';
export { readPointer, resolveVariables, variableProblems, variablesIn, type VariableRef, type VariableSource } from './variables.js';
export { checkAssertions, jsonEqual, type StepOutcome } from './assertions.js';
export { runCounts, runExitCode, runJunit, runSummary, stepLink, type RunExit } from './run-report.js';
