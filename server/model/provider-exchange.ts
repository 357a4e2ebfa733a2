// One request to a model provider and what came back, as the session keeps it (the "model" lane): the body mcpscope
// sent and the reply it read, never a header, with the key and anything shaped like a credential masked.
import { Redactor } from '../../shared/redaction/redactor.js';
import type { ProviderName } from '../../shared/model/chat-types.js';

export interface ProviderExchange {
  provider: ProviderName;
  /** The endpoint, without query or credentials. */
  url: string;
  request: unknown;
  status: number | null;
  /** The assembled reply (text, tool calls, usage), or null after an error. */
  reply: unknown;
  error: string | null;
  ms: number;
  streamed: boolean;
}

export type ExchangeListener = (exchange: ProviderExchange) => void;

/** The exchange with the key (and any credential shape) masked: the one path every copy of it goes through. */
export function maskExchange(exchange: ProviderExchange, key: string): ProviderExchange {
  const redactor = new Redactor(key ? [key] : []);
  return redactor.json(exchange);
}
