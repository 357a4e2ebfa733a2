// Reads just enough of the JSON-RPC a remote transport carries to do its HTTP job: which requests still await
// a response, and which protocol version the handshake settled on (Streamable HTTP puts both in the transport's hands).
import { classifyText, classifyValue, idKey, isPlainObject } from '../../shared/jsonrpc.js';

export interface Outgoing {
  /** Ids (as idKey text) of the requests in this message or batch: the POST's stream should answer them. */
  requestIds: string[];
  /** The id of an initialize request, when this is one. */
  initializeId: string | null;
  /** notifications/initialized: the handshake is done, the standalone GET stream may open. */
  initialized: boolean;
}

function items(bytes: Buffer): unknown[] {
  const c = classifyText(bytes.toString('utf8'));
  if (c.kind === 'noise') return [];
  return Array.isArray(c.value) ? c.value : [c.value];
}

export function sniffOutgoing(bytes: Buffer): Outgoing {
  const out: Outgoing = { requestIds: [], initializeId: null, initialized: false };
  for (const item of items(bytes)) {
    const c = classifyValue(item);
    const key = c.hasId ? idKey(c.id) : null;
    if (c.kind === 'request' && key !== null) {
      out.requestIds.push(key);
      if (c.method === 'initialize') out.initializeId = key;
    }
    if (c.kind === 'notification' && c.method === 'notifications/initialized') out.initialized = true;
  }
  return out;
}

/** Ids of the responses (results and errors) in a message or batch from the server. */
export function responseIds(bytes: Buffer): string[] {
  return items(bytes).flatMap((item) => {
    const c = classifyValue(item);
    const key = c.hasId ? idKey(c.id) : null;
    return (c.kind === 'response' || c.kind === 'error') && key !== null ? [key] : [];
  });
}

/** The protocolVersion of the initialize result answering `initializeId`, if this message is it. */
export function negotiatedVersion(bytes: Buffer, initializeId: string): string | null {
  for (const item of items(bytes)) {
    const c = classifyValue(item);
    if (c.kind !== 'response' || idKey(c.id) !== initializeId || !isPlainObject(c.value)) continue;
    const result = c.value.result;
    if (isPlainObject(result) && typeof result.protocolVersion === 'string') return result.protocolVersion;
  }
  return null;
}
