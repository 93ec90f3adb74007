import type { CreateTaskRequest, Task } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client';

export function fetchTasks(): Promise<Task[]> {
  return apiRequest<Task[]>('/api/tasks');
}

export function createTask(name: string): Promise<Task> {
  const body: CreateTaskRequest = { name };
  return apiRequest<Task>('/api/tasks', { method: 'POST', json: body });
}

export function deleteTask(id: string): Promise<void> {
  return apiRequest<void>(`/api/tasks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
