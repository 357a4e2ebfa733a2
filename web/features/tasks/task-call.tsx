// Calls a tool as a task (`tools/call` with `task: {ttl}`): picks among the tools that declare task support, args from a form.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AwaitingAnswer } from '../../components/awaiting-answer.js';
import { CallError } from '../../components/call-error.js';
import { LogLink } from '../../components/log-link.js';
import { SchemaForm } from '../../components/schema-form/schema-form.js';
import { mcpCall } from '../../lib/mcp/mcp-call.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { taskTools, toTask, type TaskInfo } from './task-info.js';

interface Props {
  sessionId: string;
  epoch: string;
  ready: boolean;
  onCreated: (task: TaskInfo) => void;
  onSelect: (seq: number) => void;
}

export function TaskCall({ sessionId, epoch, ready, onCreated, onSelect }: Props) {
  const { engines } = useRelay();
  // Its own tools/list (one page is enough to find task tools in practice); cached per server, like other panels.
  const tools = useQuery({
    queryKey: ['task-tools', sessionId, epoch],
    queryFn: async () => taskTools((await mcpCall(engines.get(sessionId), 'tools/list', undefined, { origin: 'bookkeeping' })).result),
    enabled: ready,
  });
  const [picked, setPicked] = useState('');
  const [args, setArgs] = useState<unknown>({});
  const [ttl, setTtl] = useState('60000');
  const tool = tools.data?.find((t) => t.name === picked) ?? tools.data?.[0];
  const call = useMutation({
    mutationFn: () => mcpCall(engines.get(sessionId), 'tools/call', { name: tool?.name, arguments: args, task: { ttl: Number(ttl) } }),
    onSuccess: (r) => {
      const t = toTask(r.result.task);
      if (t) onCreated(t);
    },
  });
  if (tools.data && tools.data.length === 0) return <p className="text-dim">No tool declares task support (execution.taskSupport).</p>;
  return (
    <div data-testid="task-call" className="space-y-1">
      <div className="flex flex-wrap items-center gap-1">
        <span className="font-semibold">Call as task</span>
        <select
          data-testid="task-tool"
          className="control"
          aria-label="tool to call as a task"
          value={tool?.name ?? ''}
          onChange={(e) => setPicked(e.target.value)}
        >
          {tools.data?.map((t) => (
            <option key={t.name} value={t.name}>
              {t.name} ({t.taskSupport})
            </option>
          ))}
        </select>
        <label className="flex items-center gap-1">
          ttl ms
          <input data-testid="task-ttl" className="control w-24" value={ttl} onChange={(e) => setTtl(e.target.value)} />
        </label>
        <button type="button" data-testid="task-call-send" className="btn btn-primary" disabled={!tool || call.isPending} onClick={() => call.mutate()}>
          Call
        </button>
      </div>
      {tool && <SchemaForm key={tool.name} schema={tool.inputSchema ?? { type: 'object' }} value={args} onChange={setArgs} idPrefix="taskargs" />}
      {call.isPending && <AwaitingAnswer sessionId={sessionId} since={call.submittedAt} />}
      {call.data && (
        <p data-testid="task-created">
          {toTask(call.data.result.task)
            ? `created task ${String((call.data.result.task as { taskId: string }).taskId)}`
            : 'the server answered without a task'}{' '}
          <LogLink sessionId={sessionId} id={call.data.id} onSelect={onSelect} />
        </p>
      )}
      {(call.error ?? tools.error) && <CallError error={call.error ?? tools.error} />}
    </div>
  );
}
