import { readdirSync, readFileSync } from 'node:fs';
import { Client } from 'pg';
import { StorageService } from '@app/storage';
import { testEnv } from './test-env';

/** Direct looks at what the app left in PostgreSQL and the bucket, and at its processes. */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: testEnv().appEnv.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export function bucket(): StorageService {
  const env = testEnv().appEnv;
  return new StorageService({
    endpoint: env.S3_ENDPOINT,
    accessKey: 'minioadmin',
    secretKey: 'minioadmin',
    bucket: env.S3_BUCKET,
    region: 'us-east-1',
  });
}

export const objectsOf = (taskId: string) => bucket().list(`tasks/${taskId}/`);

export interface ThreadPriority {
  nice: number;
  /** Scheduling policy: 0 normal, 5 SCHED_IDLE. */
  policy: number;
}
export const SCHED_IDLE = 5;

/** Nice value and scheduling policy of every thread of a process (fields 19 and 41 of /proc/<pid>/task/<tid>/stat; Linux). */
export function threadPriorities(pid: number | 'self'): ThreadPriority[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { nice: Number(fields[16]), policy: Number(fields[38]) };
  });
}

/** Direct children of a process (Linux: /proc/<pid>/task/<tid>/children). */
export function childPids(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
}

/** Whether a process is still running (gone, or a zombie waiting to be reaped, is not). */
export function isRunning(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] !== 'Z';
  } catch {
    return false;
  }
}
