// One task: its latest status, and tasks/get, tasks/result (which waits until the task is done) and tasks/cancel for it.
import { useMutation } from '@tanstack/react-query';
import { AwaitingAnswer } from '../../components/awaiting-answer.js';
import { CallError } from '../../components/call-error.js';
import { ContentBlock } from '../../components/content-block.js';
import { JsonView } from '../../components/json-view.js';
import { LogLink } from '../../components/log-link.js';
import { mcpCall, type McpCallResult } from '../../lib/mcp/mcp-call.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { isTerminal, toTask, type TaskInfo } from './task-info.js';

// tasks/result blocks until the task ends, which may be long after the usual request timeout.
const RESULT_TIMEOUT_MS = 10 * 60_000;

interface Props {
  sessionId: string;
  task: TaskInfo;
  onUpdate: (task: TaskInfo) => void;
  onSelect: (seq: number) => void;
}

export function TaskRow({ sessionId, task, onUpdate, onSelect }: Props) {
  const { engines } = useRelay();
  const call = (method: string, timeoutMs?: number) => mcpCall(engines.get(sessionId), method, { taskId: task.taskId }, timeoutMs ? { timeoutMs } : {});
  const noteTask = (r: McpCallResult) => {
    const t = toTask(r.result);
    if (t) onUpdate(t);
  };
  const get = useMutation({ mutationFn: () => call('tasks/get'), onSuccess: noteTask });
  const cancel = useMutation({ mutationFn: () => call('tasks/cancel'), onSuccess: noteTask });
  const result = useMutation({ mutationFn: () => call('tasks/result', RESULT_TIMEOUT_MS) });
  const last = result.data ?? get.data ?? cancel.data;
  return (
    <li data-testid="task-row" data-task-id={task.taskId} data-status={task.status} className="space-y-1 rounded border border-edge p-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono">{task.taskId}</span>
        <span data-testid="task-status" className={`rounded px-1.5 text-[10px] ${isTerminal(task.status) ? 'bg-white/10' : 'bg-sky-900/60 text-sky-200'}`}>
          {task.status}
        </span>
        {task.statusMessage && <span className="text-dim">{task.statusMessage}</span>}
      </div>
      <div className="flex gap-1">
        <button type="button" data-testid="task-get" className="btn" disabled={get.isPending} onClick={() => get.mutate()}>
          Get
        </button>
        <button type="button" data-testid="task-result" className="btn" disabled={result.isPending} onClick={() => result.mutate()}>
          {result.isPending ? 'waiting for result…' : 'Result'}
        </button>
        <button
          type="button"
          data-testid="task-cancel"
          className="btn btn-warn"
          disabled={cancel.isPending || isTerminal(task.status)}
          onClick={() => cancel.mutate()}
        >
          Cancel
        </button>
      </div>
      {/* A task in input_required answers tasks/result only after the server's own request is answered. */}
      {result.isPending && <AwaitingAnswer sessionId={sessionId} since={result.submittedAt} />}
      {[get.error, result.error, cancel.error].map((e, i) => e && <CallError key={i} error={e} />)}
      {result.data && (
        <div data-testid="task-result-view">
          <LogLink sessionId={sessionId} id={result.data.id} onSelect={onSelect} />
          <TaskResultBody result={result.data.result} />
        </div>
      )}
      {!result.data && last && (
        <div data-testid="task-last">
          <LogLink sessionId={sessionId} id={last.id} onSelect={onSelect} />
          <JsonView value={last.result} className="max-h-40" />
        </div>
      )}
    </li>
  );
}

/**
 * What tasks/result returned: the underlying request's result. A tool's (content blocks) is shown as the Tools tab shows
 * one, text as text; anything else, or what is left beside the content, as JSON.
 */
function TaskResultBody({ result }: { result: Record<string, unknown> }) {
  if (!Array.isArray(result.content)) return <JsonView value={result} className="max-h-64" />;
  const { content, ...rest } = result;
  return (
    <div className="space-y-1">
      {result.isError === true && (
        <p data-testid="task-result-is-error" className="rounded border border-red-800 bg-red-950/60 px-2 py-1 font-semibold text-red-200">
          isError: true — the tool reports that it failed.
        </p>
      )}
      {(content as unknown[]).map((block, i) => (
        <ContentBlock key={i} block={block} />
      ))}
      {Object.keys(rest).length > 0 && <JsonView value={rest} className="max-h-40" />}
    </div>
  );
}
