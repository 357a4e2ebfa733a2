// The client engine in one import: the class, its errors, and the types of its options and results.
export { ClientEngine } from './client-engine.js';
export { LISTEN_METHOD } from './engine-options.js';
export type { ClientEngineOptions } from './engine-options.js';
export { HandlerError, LocalEngineError, PeerRpcError, isErrorResponse, type JsonRpcErrorResponse, type JsonRpcResponse } from './engine-errors.js';
export type { Connection, Era } from './connect-flow.js';
export { tasksCapability } from './client-tasks.js';
export type { Scheduler } from './scheduler.js';
export { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_LOG_LEVEL, META_PROTOCOL_VERSION, META_SERVER_INFO, MODERN_PROTOCOL_VERSION } from './modern-meta.js';
