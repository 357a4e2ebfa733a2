// tasks/list to the last page: follows nextCursor, each page a request in the log, and stops on a repeated cursor or a cap.
import type { ClientEngine } from '../../../shared/engine/index.js';
import { mcpCall } from '../../lib/mcp/mcp-call.js';
import { tasksOfList, type TaskInfo } from './task-info.js';

export interface TaskPages {
  tasks: TaskInfo[];
  pages: number;
  /** Why paging stopped before the server said it was done, if it did. */
  stoppedEarly: string | null;
}

// A server that keeps handing out cursors must not make the panel loop forever.
const MAX_PAGES = 50;

export async function listAllTasks(engine: ClientEngine): Promise<TaskPages> {
  const tasks: TaskInfo[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 1; ; pages++) {
    // The first page is what the user asked for; following the cursor is mcpscope's own bookkeeping.
    const { result } = await mcpCall(engine, 'tasks/list', cursor === undefined ? {} : { cursor }, { origin: cursor === undefined ? 'panel' : 'bookkeeping' });
    tasks.push(...tasksOfList(result));
    const next = result.nextCursor;
    if (typeof next !== 'string') return { tasks, pages, stoppedEarly: null };
    if (seen.has(next)) return { tasks, pages, stoppedEarly: `the server repeated cursor ${JSON.stringify(next)}` };
    if (pages >= MAX_PAGES) return { tasks, pages, stoppedEarly: `stopped after ${MAX_PAGES} pages` };
    seen.add(next);
    cursor = next;
  }
}
