// The client engine's original import path, kept for the web UI; the engine itself lives in shared/engine/.
export * from './engine/index.js';
