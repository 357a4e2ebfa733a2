import { describe, expect, it } from 'vitest';
import { isTerminal, mergeTasks, taskTools, tasksOfList, toTask } from '../../web/features/tasks/task-info.js';

describe('task info', () => {
  it('reads tasks from list results and merges later sightings over earlier ones', () => {
    const listed = tasksOfList({ tasks: [{ taskId: 't1', status: 'working', ttl: null }, { nope: 1 }] });
    expect(listed).toEqual([{ taskId: 't1', status: 'working', ttl: null }]);
    const merged = mergeTasks(listed, [toTask({ taskId: 't1', status: 'completed' })!, toTask({ taskId: 't2', status: 'working' })!]);
    expect(merged.map((t) => `${t.taskId}:${t.status}`)).toEqual(['t1:completed', 't2:working']);
    expect(isTerminal('completed')).toBe(true);
    expect(isTerminal('input_required')).toBe(false);
  });

  it('finds the tools that may be called as tasks', () => {
    const tools = taskTools({ tools: [{ name: 'a', execution: { taskSupport: 'required' } }, { name: 'b', execution: { taskSupport: 'forbidden' } }, { name: 'c' }] });
    expect(tools.map((t) => t.name)).toEqual(['a']);
  });
});
