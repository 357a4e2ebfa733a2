// One selected tool: what it is, its call form and its last result.
import { useMcpAction } from '../../api/use-mcp-action.js';
import { ServerIcon } from '../../components/server-icon.js';
import { ToolAnnotations } from './tool-annotations.js';
import { ToolCallForm } from './tool-call-form.js';
import type { ToolInfo } from './tool-info.js';
import { ToolResult, type ToolCallVariables } from './tool-result.js';

interface Props {
  sessionId: string;
  epoch: string;
  tool: ToolInfo;
  value: unknown;
  onChange: (value: unknown) => void;
  canSend: boolean;
  onSelect: (seq: number) => void;
}

export function ToolDetail({ sessionId, epoch, tool, value, onChange, canSend, onSelect }: Props) {
  const { run: call, last } = useMcpAction<ToolCallVariables>(sessionId, epoch, 'tools/call', [tool.name], (v) => ({ name: tool.name, arguments: v.arguments }));
  return (
    <div data-testid="tool-detail" data-name={tool.name} className="space-y-2 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <ServerIcon icons={tool.icons} size={20} />
        <h3 className="font-mono text-sm font-semibold">{tool.name}</h3>
        {tool.title && <span className="text-dim">{tool.title}</span>}
        <ToolAnnotations annotations={tool.annotations} />
      </div>
      {!tool.listed && <p className="text-amber-300">This tool is not in the server's current list; its arguments are edited without a schema.</p>}
      {tool.description && <p className="whitespace-pre-wrap text-dim">{tool.description}</p>}
      <ToolCallForm tool={tool} value={value} onChange={onChange} canSend={canSend} pending={last?.status === 'pending'} onCall={(args, invalid) => call({ arguments: args, invalid })} />
      {last && <ToolResult sessionId={sessionId} state={last} outputSchema={tool.outputSchema} onSelect={onSelect} />}
    </div>
  );
}
