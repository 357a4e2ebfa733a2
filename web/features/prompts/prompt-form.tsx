// A prompt's arguments, each with completion as you type (completion/complete), and the Get button.
import type { McpSessionState } from '../../api/use-mcp-session.js';
import { FormKeys } from '../../components/form-keys.js';
import { CompletionField } from '../../components/completion-field.js';
import type { PromptInfo } from './prompt-info.js';

interface Props {
  sessionId: string;
  mcp: McpSessionState;
  prompt: PromptInfo;
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  onGet: () => void;
  pending: boolean;
}

export function PromptForm({ sessionId, mcp, prompt, values, onChange, onGet, pending }: Props) {
  const missing = prompt.arguments.filter((a) => a.required && !values[a.name]).map((a) => a.name);
  const filled = (except: string) => Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== except && v !== ''));
  return (
    <FormKeys data-testid="prompt-form" className="space-y-1.5">
      {prompt.arguments.map((a) => (
        <label key={a.name} className="block">
          <span className="font-mono">
            {a.name}
            {a.required && <span className="text-red-400"> *</span>}
          </span>
          {a.description && <span className="ml-2 text-dim">{a.description}</span>}
          <CompletionField
            sessionId={sessionId}
            mcp={mcp}
            completionRef={{ type: 'ref/prompt', name: prompt.name }}
            name={a.name}
            id={`prompt-arg-${a.name}`}
            value={values[a.name] ?? ''}
            onChange={(v) => onChange({ ...values, [a.name]: v })}
            context={filled(a.name)}
          />
        </label>
      ))}
      {prompt.arguments.length === 0 && <p className="text-dim">This prompt takes no arguments.</p>}
      <div className="flex items-center gap-2">
        <button
          type="button"
          data-testid="prompt-get"
          data-form-action
          className={`btn ${missing.length > 0 ? 'btn-warn' : 'btn-primary'}`}
          disabled={!mcp.live || pending}
          onClick={onGet}
        >
          {missing.length > 0 ? 'Get anyway' : 'Get'}
        </button>
        {missing.length > 0 && <span className="text-amber-300">Required but empty: {missing.join(', ')}. Empty arguments are not sent.</span>}
      </div>
    </FormKeys>
  );
}
