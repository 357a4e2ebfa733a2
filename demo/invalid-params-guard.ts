// Answers a tools/call without a tool name with -32602 (Invalid params) before the SDK sees it: SDK 1.x validates the
// request inside its handler and sends the validation failure as -32603 (Internal error), which the spec reserves for
// faults of the server, so the demo would teach the wrong code (lint's jsonrpc/invalid-params-as-internal-error).
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

function namelessToolCall(m: JSONRPCMessage): m is JSONRPCMessage & { id: string | number; method: 'tools/call' } {
  if (!('method' in m) || m.method !== 'tools/call' || !('id' in m)) return false;
  const params = m.params as Record<string, unknown> | undefined;
  return typeof params?.name !== 'string';
}

/** Call after `server.connect(transport)`: the SDK sets `onmessage` there, and this wraps it. */
export function guardNamelessToolCalls(transport: Transport): void {
  const next = transport.onmessage;
  if (!next) return;
  transport.onmessage = (message, extra) => {
    if (!namelessToolCall(message)) return next(message, extra);
    void transport.send({
      jsonrpc: '2.0',
      id: message.id,
      error: { code: -32602, message: 'Invalid params: tools/call needs params.name, the name of a tool (a string)' },
    });
  };
}
