// The result of prompts/get: its description and each message with its role, content rendered as text-only blocks.
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { ContentBlock } from '../../components/content-block.js';

export function PromptMessages({ result }: { result: Record<string, unknown> }) {
  const messages = Array.isArray(result.messages) ? result.messages : null;
  return (
    <div data-testid="prompt-result" className="space-y-2">
      {typeof result.description === 'string' && <p className="text-dim">{result.description}</p>}
      {messages === null && <p className="text-amber-300">The result has no messages array, which the spec requires.</p>}
      {messages?.map((m, i) => {
        const role = isPlainObject(m) && typeof m.role === 'string' ? m.role : '?';
        return (
          <div key={i} data-testid="prompt-message" data-role={role} className="rounded border border-edge p-1.5">
            <div className={`mb-1 text-[10px] font-semibold tracking-wide uppercase ${role === 'assistant' ? 'text-emerald-300' : 'text-sky-300'}`}>{role}</div>
            <ContentBlock block={isPlainObject(m) ? m.content : m} />
          </div>
        );
      })}
    </div>
  );
}
