// One selected tool: what it is, its call form and its last result.
import { MarkdownText } from '../../components/markdown-text.js';
import { ServerIcon } from '../../components/server-icon.js';
import { ToolAnnotations } from './tool-annotations.js';
import { ToolCallForm } from './tool-call-form.js';
import { useReveal } from '../../lib/ui/use-reveal.js';
import type { ToolInfo } from './tool-info.js';
import { CallProgress } from './call-progress.js';
import { ToolResult } from './tool-result.js';
import { useToolCall, type CallSettings } from './use-tool-call.js';

interface Props {
  sessionId: string;
  epoch: string;
  tool: ToolInfo;
  value: unknown;
  onChange: (value: unknown) => void;
  canSend: boolean;
  onSelect: (seq: number) => void;
  settings: CallSettings;
  onSettings: (settings: CallSettings) => void;
}

export function ToolDetail({ sessionId, epoch, tool, value, onChange, canSend, onSelect, settings, onSettings }: Props) {
  const { run: call, last, running } = useToolCall(sessionId, epoch, tool.name, settings);
  // Each call, then its outcome, is brought into sight below the form.
  const outcome = useReveal<HTMLDivElement>(last ? `${last.submittedAt}:${last.status}` : null);
  return (
    <div data-testid="tool-detail" data-name={tool.name} className="space-y-2 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <ServerIcon icons={tool.icons} size={20} />
        <h3 className="font-mono text-sm font-semibold">{tool.name}</h3>
        {tool.title && <span className="text-dim">{tool.title}</span>}
        <ToolAnnotations annotations={tool.annotations} />
      </div>
      {!tool.listed && <p className="text-amber-300">This tool is not in the server's current list; its arguments are edited without a schema.</p>}
      {tool.description && <MarkdownText text={tool.description} className="text-dim" testId="tool-description" />}
      <ToolCallForm
        tool={tool}
        value={value}
        onChange={onChange}
        canSend={canSend}
        pending={last?.status === 'pending'}
        timeoutMs={settings.timeoutMs}
        onTimeoutMs={(timeoutMs) => onSettings({ ...settings, timeoutMs })}
        onCall={(args, invalid) => call({ arguments: args, invalid })}
      />
      <div ref={outcome} className="space-y-2">
        {running && <CallProgress key={running.id} sessionId={sessionId} call={running} timeoutMs={settings.timeoutMs} />}
        {last && !(running && last.status === 'pending') && (
          <ToolResult sessionId={sessionId} state={last} outputSchema={tool.outputSchema} onSelect={onSelect} />
        )}
      </div>
    </div>
  );
}
