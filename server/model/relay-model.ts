// The relay's model host for the Chat tab: the settings and the key (from the relay's environment, or typed in the
// page and kept in secrets.json, 0600), and each model request the page asks for, made with that key and recorded in
// the session as a `model-exchange` event with the key and any credential shape masked.
// Threat model: the key is a credential that costs money and reads data. It goes in through one route and never out:
// no route, event, recording, bundle or export carries it (the event is masked by maskExchange, the one path); a
// server the relay spawns does not inherit it (the provider variables leave the relay's environment at start).
import type { ModelReply, ModelRequest, ProviderName } from '../../shared/model/chat-types.js';
import type { ModelSettingsView, SaveModelSettings } from '../../shared/model/model-api.js';
import { ModelError } from '../../shared/model/model-error.js';
import { SecretStore } from '../store/secret-store.js';
import { KEY_ENV, createProvider } from './create-provider.js';
import { maskExchange, type ProviderExchange } from './provider-exchange.js';

const NAMESPACE = 'model';
const SETTINGS_KEY = 'settings';
const keyName = (provider: ProviderName) => `key:${provider}`;

interface StoredSettings {
  provider: ProviderName;
  baseUrl: string | null;
  model: string;
  /** Absent in settings saved before the list existed. */
  models?: string[];
}

export interface CompleteRequest {
  requestId: string;
  purpose: 'chat' | 'sampling';
  request: ModelRequest;
  /** Each piece of the reply as it streams in. */
  onText?: (delta: string) => void;
  /** Records the masked exchange in the session; returns its seq. */
  record(event: { event: string } & Record<string, unknown>): number;
}

export class RelayModel {
  private readonly store: SecretStore;
  private readonly envKeys: Partial<Record<ProviderName, string>> = {};
  private readonly inflight = new Map<string, AbortController>();

  /** Takes the provider keys out of `env` (the relay's own), so no server the relay spawns inherits them. */
  constructor(dataDir: string | null, env: NodeJS.ProcessEnv = process.env) {
    this.store = new SecretStore(dataDir);
    for (const provider of Object.keys(KEY_ENV) as ProviderName[]) {
      const value = env[KEY_ENV[provider]];
      if (value) this.envKeys[provider] = value;
      delete env[KEY_ENV[provider]];
    }
  }

  view(): ModelSettingsView {
    const s = this.store.get<StoredSettings>(NAMESPACE, SETTINGS_KEY);
    if (!s) return { provider: null, baseUrl: null, model: null, models: [], keySource: 'none' };
    return { provider: s.provider, baseUrl: s.baseUrl, model: s.model, models: s.models ?? [], keySource: this.keyOf(s.provider)?.source ?? 'none' };
  }

  save(body: SaveModelSettings): ModelSettingsView {
    const before = this.store.get<StoredSettings>(NAMESPACE, SETTINGS_KEY);
    const models = body.models ?? before?.models ?? [];
    this.store.put(NAMESPACE, SETTINGS_KEY, { provider: body.provider, baseUrl: body.baseUrl ?? null, model: body.model, models } satisfies StoredSettings);
    if (body.forgetKey) this.store.put(NAMESPACE, keyName(body.provider), undefined);
    else if (body.apiKey !== undefined) this.store.put(NAMESPACE, keyName(body.provider), body.apiKey);
    return this.view();
  }

  /** One model request with the configured provider; the exchange is recorded whatever the outcome; a Stop ends it with stopReason `stopped`. */
  async complete(c: CompleteRequest): Promise<ModelReply & { seq: number; latencyMs: number }> {
    const s = this.store.get<StoredSettings>(NAMESPACE, SETTINGS_KEY);
    if (!s) throw new ModelError('auth', 'no model is configured: choose a provider and a model in the Chat tab');
    const key = this.keyOf(s.provider);
    if (!key && s.baseUrl === null)
      throw new ModelError('auth', `no API key for ${s.provider}: type one in the Chat tab's settings, or start mcpscope with ${KEY_ENV[s.provider]} set`);
    const apiKey = key?.value ?? 'no-key';
    let exchange: ProviderExchange | null = null;
    const provider = await createProvider(s.provider, { apiKey, baseUrl: s.baseUrl ?? undefined, stream: true, onExchange: (e) => (exchange = e) });
    const controller = new AbortController();
    this.inflight.set(c.requestId, controller);
    const stop = {
      get stopped() {
        return controller.signal.aborted;
      },
      onStop: (fn: () => void) => {
        controller.signal.addEventListener('abort', fn, { once: true });
        return () => controller.signal.removeEventListener('abort', fn);
      },
    };
    const started = performance.now();
    const recordExchange = () =>
      c.record({ event: 'model-exchange', purpose: c.purpose, requestId: c.requestId, ...(exchange ? maskExchange(exchange, apiKey) : {}) });
    try {
      const reply = await provider.complete({ ...c.request, model: c.request.model || s.model }, { stop, onText: c.onText });
      return { ...reply, seq: recordExchange(), latencyMs: Math.round(performance.now() - started) };
    } catch (err) {
      const seq = recordExchange();
      // A Stop is what the person asked for, not a failure: the page hears it as a reply that says so.
      if (err instanceof ModelError && err.kind === 'stopped')
        return { text: '', toolCalls: [], stopReason: 'stopped', usage: null, seq, latencyMs: Math.round(performance.now() - started) };
      throw err;
    } finally {
      this.inflight.delete(c.requestId);
    }
  }

  /** Stop: aborts the request the page named; false when it already ended. */
  stop(requestId: string): boolean {
    const controller = this.inflight.get(requestId);
    controller?.abort();
    return controller !== undefined;
  }

  private keyOf(provider: ProviderName): { value: string; source: 'env' | 'stored' } | null {
    const stored = this.store.get<string>(NAMESPACE, keyName(provider));
    if (typeof stored === 'string' && stored !== '') return { value: stored, source: 'stored' };
    const env = this.envKeys[provider];
    return env ? { value: env, source: 'env' } : null;
  }
}
