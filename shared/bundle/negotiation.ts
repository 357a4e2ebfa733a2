// Reads what a session negotiated from its initialize (or server/discover) exchange: versions and both sides' capabilities.
import { isPlainObject, parseJson } from '../jsonrpc.js';
import { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION } from '../lint/mcp-session.js';
import type { FrameRecord } from '../relay-protocol.js';
import type { Negotiation } from './bundle-format.js';

const obj = (text: string): Record<string, unknown> | null => {
  const p = parseJson(text);
  return p.ok && isPlainObject(p.value) ? p.value : null;
};

/** `request` is the client's first initialize or server/discover, `answer` the frame that answered it, if any. */
export function negotiationOf(request: FrameRecord | null, answer: FrameRecord | null): Negotiation {
  const n: Negotiation = { requestedVersion: null, protocolVersion: null, via: request?.method ?? null };
  const req = request ? obj(request.text) : null;
  const params = req && isPlainObject(req.params) ? req.params : null;
  if (params) {
    if (typeof params.protocolVersion === 'string') n.requestedVersion = params.protocolVersion;
    if (params.clientInfo !== undefined) n.clientInfo = params.clientInfo;
    if (params.capabilities !== undefined) n.clientCapabilities = params.capabilities;
    // 2026-07-28: the version and capabilities travel in every request's _meta instead.
    const meta = isPlainObject(params._meta) ? params._meta : null;
    const v = meta?.[META_PROTOCOL_VERSION];
    if (typeof v === 'string') n.requestedVersion = v;
    if (meta?.[META_CLIENT_CAPABILITIES] !== undefined) n.clientCapabilities = meta[META_CLIENT_CAPABILITIES];
  }
  const res = answer ? obj(answer.text) : null;
  const result = res && isPlainObject(res.result) ? res.result : null;
  if (result) {
    if (typeof result.protocolVersion === 'string') n.protocolVersion = result.protocolVersion;
    else if (Array.isArray(result.supportedVersions) && typeof result.supportedVersions[0] === 'string') n.protocolVersion = result.supportedVersions[0];
    if (result.serverInfo !== undefined) n.serverInfo = result.serverInfo;
    if (result.capabilities !== undefined) n.serverCapabilities = result.capabilities;
  }
  return n;
}
