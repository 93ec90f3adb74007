import { Client } from 'pg';
import { StorageService } from '@app/storage';
import { testEnv } from './test-env';

/** Direct looks at what the app left in PostgreSQL and the bucket. */
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
    timeoutMs: 10_000,
  });
}

export const objectsOf = (taskId: string) => bucket().list(`tasks/${taskId}/`);
