// The client engine in one import: the class, its errors, and the types of its options and results.
export { ClientEngine } from './client-engine.js';
export { LISTEN_METHOD } from './engine-options.js';
export type { EngineLifecycle } from './engine-lifecycle.js';
export type { LifecyclePhase } from './lifecycle.js';
export type { ClientEngineOptions, ClientInfo, ConnectOptions, OutgoingRequest, RequestOptions } from './engine-options.js';
export { HandlerError, LocalEngineError, PeerRpcError, isErrorResponse, type EngineErrorCode, type JsonRpcErrorResponse, type JsonRpcResponse } from './engine-errors.js';
export type { Connection, Era, ProbeRecord } from './connect-flow.js';
export type { VersionStatus, VersionVerdict } from './version-negotiation.js';
export { judgeLegacyVersion, judgeModernVersions } from './version-negotiation.js';
export type { ServerRequestContext, ServerRequestHandler } from './server-requests.js';
export { tasksCapability } from './client-tasks.js';
export type { Clock, Scheduler } from './scheduler.js';
export { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_LOG_LEVEL, META_PROTOCOL_VERSION, META_SERVER_INFO, MODERN_PROTOCOL_VERSION } from './modern-meta.js';
