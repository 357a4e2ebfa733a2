// The error-code catalogues and the explainer, in one import.
export * from './error-code-types.js';
export * from './wire-error-codes.js';
export * from './local-error-codes.js';
export * from './error-ranges.js';
export * from './explain-error.js';
