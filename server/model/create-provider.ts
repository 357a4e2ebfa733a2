// Makes the provider adapter a chat names (openai or anthropic), loading only that provider's SDK.
import type { ModelProvider, ProviderName } from '../../shared/model/chat-types.js';
import type { ProviderSettings } from './openai-provider.js';

/** The environment variable each provider's key is read from unless --api-key-env names another. */
export const KEY_ENV: Record<ProviderName, string> = { openai: 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY' };

export async function createProvider(name: ProviderName, settings: ProviderSettings): Promise<ModelProvider> {
  if (name === 'openai') return new (await import('./openai-provider.js')).OpenAiProvider(settings);
  return new (await import('./anthropic-provider.js')).AnthropicProvider(settings);
}
