// The page's model provider: each model request goes to the relay (which holds the key and records the exchange in
// the session; the reply's text streams back over the socket as it comes), and Stop asks the relay to abort it at the
// provider. The page never sees or sends the key here.
import type { ModelProvider, ModelReply, ProviderName } from '../../../shared/model/chat-types.js';
import { ModelError } from '../../../shared/model/model-error.js';
import { ApiError, type RelayHttp } from '../relay/relay-http.js';
import { modelText } from './model-text.js';

let counter = 0;

/** `onReply` hears where each reply's exchange landed in the log (its event's seq). */
export function relayProvider(
  http: RelayHttp,
  sessionId: string,
  provider: ProviderName,
  purpose: 'chat' | 'sampling',
  onReply?: (seq: number) => void,
): ModelProvider {
  return {
    name: provider,
    async complete(request, options = {}): Promise<ModelReply> {
      const requestId = `${purpose}-${Date.now().toString(36)}-${++counter}`;
      let streamed = false;
      const unlisten = modelText.listen(requestId, (delta) => {
        streamed = true;
        options.onText?.(delta);
      });
      const forget = options.stop?.onStop(() => void http.call('modelStop', { params: { id: sessionId }, body: { requestId } }).catch(() => undefined));
      try {
        const { seq, latencyMs: _latency, ...reply } = await http.call('modelComplete', { params: { id: sessionId }, body: { requestId, purpose, request } });
        onReply?.(seq);
        if (reply.stopReason === 'stopped') throw new ModelError('stopped', 'stopped by the user');
        if (reply.text && !streamed) options.onText?.(reply.text);
        return reply;
      } catch (err) {
        if (err instanceof ModelError) throw err;
        if (options.stop?.stopped) throw new ModelError('stopped', 'stopped by the user');
        throw new ModelError('http', err instanceof ApiError ? err.message : String(err));
      } finally {
        forget?.();
        unlisten();
      }
    },
  };
}
