// The one error a provider adapter throws: a sentence a person can act on (a refused key, a rate limit, a server that
// is not there), with the HTTP status when there was one, so the CLI and the page say the same thing.

export type ModelErrorKind = 'auth' | 'rate-limit' | 'http' | 'network' | 'stopped' | 'bad-reply';

export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

/** The message for a provider's HTTP error: what the status means for the person, then what the provider said. */
export function providerHttpMessage(provider: string, status: number, said: string, retryAfter?: string | null): string {
  const quoted = said ? `: ${said.slice(0, 300)}` : '';
  if (status === 401 || status === 403)
    return `the ${provider} provider refused the API key (HTTP ${status})${quoted}; check the key (--api-key-env, OPENAI_API_KEY or ANTHROPIC_API_KEY)`;
  if (status === 429)
    return `the ${provider} provider is rate limiting (HTTP 429${retryAfter ? `, retry after ${retryAfter} s` : ''})${quoted}; nothing was lost, run it again later`;
  if (status === 404) return `the ${provider} provider answered 404${quoted}; check --base-url and --model`;
  return `the ${provider} provider answered HTTP ${status}${quoted}`;
}

export function modelErrorKind(status: number): ModelErrorKind {
  return status === 401 || status === 403 ? 'auth' : status === 429 ? 'rate-limit' : 'http';
}
