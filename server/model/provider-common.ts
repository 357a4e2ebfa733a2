// What the two provider adapters share: one call's Stop, record and failure handling (recordedCall), a tool call's
// argument text parsed, and an SDK's error (HTTP status, refused connection, abort) turned into one ModelError with a
// sentence a person can act on.
import { isPlainObject, parseJson } from '../../shared/jsonrpc.js';
import type { ModelReply, ProviderName, StopToken } from '../../shared/model/chat-types.js';
import { ModelError, modelErrorKind, providerHttpMessage } from '../../shared/model/model-error.js';
import type { ExchangeListener } from './provider-exchange.js';

/** An AbortSignal that fires on Stop; release() forgets the listener once the request is over. */
function stopSignal(stop: StopToken | undefined): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const release = stop?.onStop(() => controller.abort()) ?? (() => undefined);
  return { signal: controller.signal, release };
}

/**
 * One request to a provider, as both adapters make it: `call` gets an AbortSignal that fires on Stop; the exchange
 * (the body sent, the reply or the failure, the time) goes to `onExchange`; any failure comes out as a ModelError.
 */
export async function recordedCall(
  provider: ProviderName,
  settings: { stream: boolean; onExchange?: ExchangeListener | undefined },
  url: string,
  body: object,
  stop: StopToken | undefined,
  call: (signal: AbortSignal) => Promise<ModelReply>,
): Promise<ModelReply> {
  const started = performance.now();
  const { signal, release } = stopSignal(stop);
  const record = (status: number | null, reply: unknown, error: string | null) =>
    settings.onExchange?.({
      provider,
      url,
      request: { ...body, stream: settings.stream },
      status,
      reply,
      error,
      ms: Math.round(performance.now() - started),
      streamed: settings.stream,
    });
  try {
    const reply = await call(signal);
    // The SDK ends an aborted stream quietly: what came is a piece of a reply, not a reply.
    if (signal.aborted) throw new ModelError('stopped', 'stopped by the user');
    record(200, reply, null);
    return reply;
  } catch (err) {
    const failure = providerFailure(provider, err, stop);
    record(failure.status ?? null, null, failure.message);
    throw failure;
  } finally {
    release();
  }
}

/** The arguments a model wrote: an object when they parse as one (empty text is no arguments), else the text as is. */
export function parseToolArguments(text: string): unknown {
  if (text.trim() === '') return {};
  const parsed = parseJson(text);
  return parsed.ok && isPlainObject(parsed.value) ? parsed.value : text;
}

/** The provider's own message in an SDK error's body: OpenAI's `{message}` or Anthropic's `{error: {message}}`. */
function saidBy(body: unknown): string {
  if (!isPlainObject(body)) return typeof body === 'string' ? body : '';
  if (typeof body.message === 'string') return body.message;
  return isPlainObject(body.error) && typeof body.error.message === 'string' ? body.error.message : '';
}

function header(headers: unknown, name: string): string | null {
  if (headers && typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(n: string): string | null }).get(name);
  return isPlainObject(headers) && typeof headers[name] === 'string' ? headers[name] : null;
}

/** Any failure of a provider call as a ModelError; a Stop is kind `stopped` whatever the SDK called it. */
function providerFailure(provider: string, err: unknown, stop: StopToken | undefined): ModelError {
  if (err instanceof ModelError) return err;
  if (stop?.stopped) return new ModelError('stopped', 'stopped by the user');
  const e = err as { status?: unknown; error?: unknown; headers?: unknown; message?: unknown; name?: unknown };
  if (typeof e.status === 'number')
    return new ModelError(modelErrorKind(e.status), providerHttpMessage(provider, e.status, saidBy(e.error), header(e.headers, 'retry-after')), e.status);
  const message = typeof e.message === 'string' ? e.message : String(err);
  const kind = `${String(e.name)} ${(err as object | null)?.constructor?.name ?? ''}`;
  if (/APIConnection(Timeout)?Error/.test(kind)) return new ModelError('network', `could not reach the ${provider} provider: ${message}${cause(err)}`);
  return new ModelError('bad-reply', `the ${provider} provider's answer could not be read: ${message}`);
}

function cause(err: unknown): string {
  const c = (err as { cause?: unknown }).cause;
  return c instanceof Error && c.message ? ` (${c.message})` : '';
}
