import { Client } from 'pg';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withDb<T>(databaseUrl: string, work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Resolves once housekeeping has emptied a database's list of unowned objects; rejects naming those left. */
export function untilSwept(databaseUrl: string, timeoutMs = 30_000): Promise<void> {
  return withDb(databaseUrl, async (db) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await db.query<{ key: string }>(`SELECT key FROM unowned_objects`);
      if (!rows.length) return;
      if (Date.now() > deadline) throw new Error(`still listed as unowned after ${timeoutMs} ms: ${rows.map((r) => r.key).join(', ')}`);
      await sleep(250);
    }
  });
}

/** What rows point at under a task's prefix: its two files and its exports' workbooks, sorted. */
export function ownedKeys(databaseUrl: string, taskId: string): Promise<string[]> {
  return withDb(databaseUrl, async (db) => {
    const { rows } = await db.query<{ key: string }>(
      `SELECT files -> 'price' ->> 'key' AS key FROM tasks WHERE id = $1
       UNION ALL SELECT files -> 'template' ->> 'key' FROM tasks WHERE id = $1
       UNION ALL SELECT object_key FROM exports WHERE task_id = $1`,
      [taskId],
    );
    return rows.map((r) => r.key).filter((k) => k !== null).sort();
  });
}
