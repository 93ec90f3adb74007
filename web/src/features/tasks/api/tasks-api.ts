import { TASK_SUMMARY_VIEW } from '@app/contracts';
import type { CreateTaskRequest, Task, TaskSummary } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client';

/** The sidebar's list: without items, so it stays small however many tasks there are. */
export function fetchTaskSummaries(): Promise<TaskSummary[]> {
  return apiRequest<TaskSummary[]>(`/api/tasks?view=${TASK_SUMMARY_VIEW}`);
}

export function createTask(name: string): Promise<Task> {
  const body: CreateTaskRequest = { name };
  return apiRequest<Task>('/api/tasks', { method: 'POST', json: body });
}

export function deleteTask(id: string): Promise<void> {
  return apiRequest<void>(`/api/tasks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
