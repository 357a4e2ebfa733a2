// The composer text for a message opened from the log: a single request gets a fresh id, so resending never reuses one.
import { isPlainObject } from '../../../shared/jsonrpc.js';

export function resendText(message: unknown, nextId: number): string {
  if (typeof message === 'string') return message;
  if (isPlainObject(message) && typeof message.method === 'string' && 'id' in message) {
    return JSON.stringify({ ...message, id: nextId }, null, 2);
  }
  return JSON.stringify(message, null, 2);
}
