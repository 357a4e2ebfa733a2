// The Tasks tab (2025-11-25): call a tool as a task, list the server's tasks, get / fetch the result of / cancel each,
// and watch notifications/tasks/status. Every action is a request in the log.
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useMcpSession } from '../../api/use-mcp-session.js';
import { CallError } from '../../components/call-error.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { useInbound } from '../../lib/log/use-inbound.js';
import { TaskCall } from './task-call.js';
import { mergeTasks, toTask, type TaskInfo } from './task-info.js';
import { listAllTasks } from './task-pages.js';
import { TaskRow } from './task-row.js';

export function TasksPanel({ sessionId, onSelect }: { sessionId: string; onSelect: (seq: number) => void }) {
  const { engines } = useRelay();
  const mcp = useMcpSession(sessionId);
  const [known, setKnown] = useState<TaskInfo[]>([]);
  const statusFrames = useInbound(sessionId, 'notifications/tasks/status');
  const noted = (tasks: TaskInfo[]) => setKnown((prev) => mergeTasks(prev, tasks));
  const list = useMutation({
    mutationFn: () => listAllTasks(engines.get(sessionId)),
    onSuccess: (r) => noted(r.tasks),
  });
  // Status notifications update the rows too, so a task shows its latest status without polling.
  const tasks = useMemo(
    () =>
      mergeTasks(
        known,
        statusFrames.flatMap((f) => toTask((f.value as { params?: unknown }).params) ?? []),
      ),
    [known, statusFrames],
  );
  const declared = 'tasks' in mcp.capabilities;
  return (
    <section data-testid="tasks-panel" className="flex min-h-0 flex-1 flex-col overflow-auto">
      <div className="space-y-2 border-b border-edge px-3 py-2">
        {!declared && mcp.ready && <p className="text-amber-300">The server did not declare the tasks capability; requests are still sent if you ask.</p>}
        {/* Its automatic tools/list (to find task tools) is asked only of a server that declared tasks. */}
        <TaskCall sessionId={sessionId} epoch={mcp.epoch} ready={mcp.ready && declared} onCreated={(t) => noted([t])} onSelect={onSelect} />
        <div className="flex items-center gap-2">
          <button type="button" data-testid="tasks-list" className="btn" disabled={!mcp.ready || list.isPending} onClick={() => list.mutate()}>
            tasks/list
          </button>
          <span className="text-dim">
            {tasks.length} task(s) known · {statusFrames.length} status notification(s)
            {list.data && (
              <span data-testid="tasks-list-pages">
                {' '}
                · last tasks/list: {list.data.tasks.length} in {list.data.pages} page(s)
              </span>
            )}
          </span>
        </div>
        {list.data?.stoppedEarly && <p className="text-amber-300">Paging stopped: {list.data.stoppedEarly}.</p>}
        {list.error && <CallError error={list.error} />}
      </div>
      <ul className="space-y-2 p-3">
        {tasks.map((t) => (
          <TaskRow key={t.taskId} sessionId={sessionId} task={t} onUpdate={(u) => noted([u])} onSelect={onSelect} />
        ))}
      </ul>
    </section>
  );
}
