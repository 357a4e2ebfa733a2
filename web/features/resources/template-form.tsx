// Fills a resource template's URI variables, with completion/complete suggestions, and reads the URI it expands to.
import { useState } from 'react';
import type { McpSessionState } from '../../api/use-mcp-session.js';
import { FormKeys } from '../../components/form-keys.js';
import { CompletionField } from '../../components/completion-field.js';
import { parseTemplate } from './uri-template.js';

interface Props {
  sessionId: string;
  mcp: McpSessionState;
  uriTemplate: string;
  onRead: (uri: string) => void;
}

export function TemplateForm({ sessionId, mcp, uriTemplate, onRead }: Props) {
  const [values, setValues] = useState<Record<string, string>>({});
  const template = parseTemplate(uriTemplate);
  if (!template.ok) {
    return (
      <div data-testid="template-form" className="space-y-1.5 border-b border-edge px-3 py-2">
        <div className="font-mono text-[11px] text-dim">{uriTemplate}</div>
        <p data-testid="template-error" className="text-rose-300">
          Not a URI template mcpscope can expand: {template.error}
        </p>
      </div>
    );
  }
  const names = template.variables;
  const uri = template.expand(values);
  return (
    <FormKeys data-testid="template-form" className="space-y-1.5 border-b border-edge px-3 py-2">
      <div className="font-mono text-[11px] text-dim">{uriTemplate}</div>
      {names.map((name) => (
        <label key={name} className="block">
          <span className="font-mono">{name}</span>
          <CompletionField
            sessionId={sessionId}
            mcp={mcp}
            completionRef={{ type: 'ref/resource', uri: uriTemplate }}
            name={name}
            id={`template-var-${name}`}
            value={values[name] ?? ''}
            onChange={(v) => setValues((prev) => ({ ...prev, [name]: v }))}
            context={Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== name && v !== ''))}
          />
        </label>
      ))}
      <div className="flex items-center gap-2">
        <code data-testid="template-uri" className="min-w-0 flex-1 truncate">
          {uri}
        </code>
        <button type="button" data-testid="template-read" data-form-action className="btn btn-primary" disabled={!mcp.live} onClick={() => onRead(uri)}>
          Read
        </button>
      </div>
    </FormKeys>
  );
}
