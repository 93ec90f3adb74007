import type request from 'supertest';
import type { Mapping, Task } from '@app/contracts';
import { adminAuthorization, agentWith } from './auth';
import { apiUrl } from './test-env';

/** The run's API as its admin (a personal token): what almost every test calls; `request(apiUrl())` is the signed-out caller. */
export const api = () => agentWith(apiUrl(), { Authorization: adminAuthorization() });

export async function createTask(name = `Задача ${Math.random().toString(36).slice(2, 8)}`): Promise<Task> {
  const res = await api().post('/api/tasks').send({ name }).expect(201);
  return res.body as Task;
}

export function upload(taskId: string, kind: string, bytes: Buffer, filename = `${kind}.xlsx`) {
  return api().post(`/api/tasks/${taskId}/upload/${kind}`).attach('file', bytes, filename);
}

export async function putGlobalMapping(mapping: Partial<Mapping>): Promise<Mapping> {
  return (await api().put('/api/mappings/global').send(mapping).expect(200)).body as Mapping;
}

/** Puts a test file's rules in place of the global ones; resolves with those it replaced, for afterAll to put back. */
export async function replaceGlobalMapping(mapping: Partial<Mapping>): Promise<Mapping> {
  const original = (await api().get('/api/mappings/global').expect(200)).body as Mapping;
  await putGlobalMapping(mapping);
  return original;
}

/** supertest's binary parser: the body as a Buffer. */
export function binary(res: request.Response, callback: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}
