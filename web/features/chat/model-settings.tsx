// The Chat tab's model settings: provider, base URL, model, and a key typed once and kept by the relay (secrets.json,
// 0600). The key field is write-only: the page is told where the key comes from, never what it is.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PROVIDERS, type ProviderName } from '../../../shared/model/chat-types.js';
import { MODEL_SETTINGS_KEY, useModelSettings } from '../../lib/model/use-model-settings.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { TextField } from '../../components/text-field.js';

const SOURCE_TEXT = { env: "from the relay's environment", stored: 'stored by the relay', none: 'none yet' } as const;

export function ModelSettings() {
  const { http } = useRelay();
  const client = useQueryClient();
  const settings = useModelSettings();
  const s = settings.data;
  const [provider, setProvider] = useState<ProviderName | null>(null);
  const [baseUrl, setBaseUrl] = useState<string | null>(null);
  const [model, setModel] = useState<string | null>(null);
  const [models, setModels] = useState<string | null>(null);
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const shown = {
    provider: provider ?? s?.provider ?? 'openai',
    baseUrl: baseUrl ?? s?.baseUrl ?? '',
    model: model ?? s?.model ?? '',
    models: models ?? s?.models.join(', ') ?? '',
  };
  const save = async () => {
    setError(null);
    try {
      const next = await http.call('saveModelSettings', {
        body: {
          provider: shown.provider,
          baseUrl: shown.baseUrl.trim() || null,
          model: shown.model.trim(),
          models: shown.models
            .split(',')
            .map((m) => m.trim())
            .filter((m) => m !== ''),
          ...(key ? { apiKey: key } : {}),
        },
      });
      client.setQueryData(MODEL_SETTINGS_KEY, next);
      setKey('');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <div data-testid="model-settings" className="flex flex-wrap items-center gap-2 border-b border-edge px-3 py-2">
      <select
        aria-label="provider"
        data-testid="model-provider"
        className="control"
        value={shown.provider}
        onChange={(e) => setProvider(e.target.value as ProviderName)}
      >
        {PROVIDERS.map((p) => (
          <option key={p} value={p}>
            {p === 'openai' ? 'OpenAI-compatible' : 'Anthropic'}
          </option>
        ))}
      </select>
      <TextField
        label="base URL"
        testId="model-base-url"
        className="control min-w-40 flex-1"
        placeholder="base URL (default: the provider's)"
        value={shown.baseUrl}
        onChange={setBaseUrl}
      />
      <TextField label="model" testId="model-name" className="control w-40" placeholder="model" value={shown.model} onChange={setModel} />
      <TextField
        label="other models"
        testId="model-others"
        className="control w-44"
        placeholder="other models, for sampling hints"
        title="Other models this provider offers, comma-separated: a server's sampling request that hints at one of them (modelPreferences) is answered by it; otherwise by the model above"
        value={shown.models}
        onChange={setModels}
      />
      <TextField
        label="API key"
        testId="model-key"
        secret
        className="control w-44"
        placeholder={`key: ${SOURCE_TEXT[s?.keySource ?? 'none']}`}
        value={key}
        onChange={setKey}
      />
      <button type="button" data-testid="model-save" className="btn" disabled={!shown.model.trim()} onClick={() => void save()}>
        Save
      </button>
      {error && <p className="w-full text-rose-300">{error}</p>}
    </div>
  );
}
