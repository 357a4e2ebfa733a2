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

  it('never lets an older sighting replace a newer one: a terminal status is final, and lastUpdatedAt decides', () => {
    const cancelled = toTask({ taskId: 't', status: 'cancelled', lastUpdatedAt: '2026-01-01T00:00:02Z' })!;
    const lateWorking = toTask({ taskId: 't', status: 'working', statusMessage: 'Stage 3', lastUpdatedAt: '2026-01-01T00:00:03Z' })!;
    expect(mergeTasks([cancelled], [lateWorking])[0]!.status).toBe('cancelled');
    const stage1 = toTask({ taskId: 'u', status: 'working', statusMessage: 'Stage 1', lastUpdatedAt: '2026-01-01T00:00:01Z' })!;
    const stage2 = toTask({ taskId: 'u', status: 'working', statusMessage: 'Stage 2', lastUpdatedAt: '2026-01-01T00:00:02Z' })!;
    expect(mergeTasks([stage2], [stage1])[0]!.statusMessage).toBe('Stage 2');
    expect(mergeTasks([stage1], [stage2])[0]!.statusMessage).toBe('Stage 2');
  });

  it('drops a working status message once the task completes without one: no stale "Stage 2" on a completed task', () => {
    const working = toTask({ taskId: 'w', status: 'working', statusMessage: 'Stage 2 of 3', lastUpdatedAt: '2026-01-01T00:00:01Z' })!;
    const done = toTask({ taskId: 'w', status: 'completed', lastUpdatedAt: '2026-01-01T00:00:02Z' })!;
    const merged = mergeTasks([working], [done])[0]!;
    expect(merged.status).toBe('completed');
    expect(merged.statusMessage).toBeUndefined();
    // The SDK's task store keeps the last working message on the completed task: carried over unchanged, it is stale.
    const carried = toTask({ taskId: 'w', status: 'completed', statusMessage: 'Stage 2 of 3' })!;
    expect(mergeTasks([working], [carried])[0]!.statusMessage).toBeUndefined();
    // A sighting that carries its own message keeps it, and what it does not say (ttl) survives from before.
    const withTtl = { ...working, ttl: 60_000 };
    const failed = toTask({ taskId: 'w', status: 'failed', statusMessage: 'out of budget' })!;
    expect(mergeTasks([withTtl], [failed])[0]).toMatchObject({ status: 'failed', statusMessage: 'out of budget', ttl: 60_000 });
  });

  it('finds the tools that may be called as tasks', () => {
    const tools = taskTools({
      tools: [{ name: 'a', execution: { taskSupport: 'required' } }, { name: 'b', execution: { taskSupport: 'forbidden' } }, { name: 'c' }],
    });
    expect(tools.map((t) => t.name)).toEqual(['a']);
  });
});
