import type { RuleProfile, Task, UpdateProfileRequest } from '@app/contracts';
import { api } from '../support/api-client';

/** Rule profiles through the API, for the browser tests' setup and checks. */
export async function profiles(): Promise<RuleProfile[]> {
  return (await api().get('/api/profiles').expect(200)).body as RuleProfile[];
}

export async function defaultProfile(): Promise<RuleProfile> {
  return (await profiles()).find((p) => p.isDefault)!;
}

export async function getProfile(id: string): Promise<RuleProfile> {
  return (await api().get(`/api/profiles/${id}`).expect(200)).body as RuleProfile;
}

export async function createProfile(name: string, rules: UpdateProfileRequest = {}): Promise<RuleProfile> {
  const created = (await api().post('/api/profiles').send({ name }).expect(201)).body as RuleProfile;
  return Object.keys(rules).length > 0 ? putProfile(created.id, rules) : created;
}

export async function putProfile(id: string, change: UpdateProfileRequest): Promise<RuleProfile> {
  return (await api().put(`/api/profiles/${id}`).send(change).expect(200)).body as RuleProfile;
}

/** Deletes a profile if it is still there (afterAll). */
export async function dropProfile(id: string | undefined): Promise<void> {
  if (id) await api().delete(`/api/profiles/${id}`);
}

/** An afterAll's clean-up: the tasks, then the profiles they used (each only if it was made). */
export async function dropAll(tasks: (Task | undefined)[], profiles: (RuleProfile | undefined)[]): Promise<void> {
  for (const task of tasks) if (task) await api().delete(`/api/tasks/${task.id}`);
  for (const profile of profiles) await dropProfile(profile?.id);
}

export async function createTaskWith(name: string, profileId: string): Promise<Task> {
  return (await api().post('/api/tasks').send({ name, profileId }).expect(201)).body as Task;
}

export async function getTask(id: string): Promise<Task> {
  return (await api().get(`/api/tasks/${id}`).expect(200)).body as Task;
}

/** A name no other test run in this database uses. */
export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
