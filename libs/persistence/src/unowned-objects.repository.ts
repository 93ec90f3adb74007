import type { DataSource, EntityManager } from 'typeorm';

/** Why an object is listed: it is being stored for an owner, its owner replaced it, or the sweep is removing it. */
export type UnownedReason = 'writing' | 'replaced' | 'sweeping';

/**
 * Where a stored object can be pointed at, each as a condition on the listed key `u.key`. An
 * object that one of these names is never swept, whatever the list says; a new kind of owner
 * adds its condition here. Exports are looked up by their index; the tasks'
 * two keys are gathered once per sweep query (a hashed subplan).
 */
const OWNERS = [
  `EXISTS (SELECT 1 FROM exports e WHERE e.object_key = u.key)`,
  `EXISTS (SELECT 1 FROM price_list_versions v WHERE v.object_key = u.key)`,
  `u.key IN (SELECT f.key FROM tasks t CROSS JOIN LATERAL (VALUES (t.files -> 'price' ->> 'key'), (t.files -> 'template' ->> 'key')) AS f (key) WHERE f.key IS NOT NULL)`,
];

/**
 * Objects in the bucket that no row owns, so that none is forgotten (table `unowned_objects`):
 *
 * - before an object is stored it is listed as `writing` (expect), and the transaction that makes
 *   a row point at it takes it off the list (claim). A writer that dies in between, or a row
 *   that is gone by then, leaves it listed.
 * - an object a newer one replaces is listed as `replaced` (release) in the transaction of the
 *   swap, not removed: an export or a check that read the old key may still be fetching it.
 *
 * Housekeeping removes what has been listed longer than the grace period (sweep). The sweep
 * marks the rows it is removing `sweeping` first, so a claim that comes too late sees the object
 * gone (false) instead of pointing a row at a removed object; the storage calls come after that
 * short transaction, so no connection waits on storage.
 */
export class UnownedObjectsRepository {
  constructor(private readonly db: DataSource) {}

  /** Listed as about to be written; again after a retry (its grace starts anew). */
  async expect(key: string, manager: EntityManager = this.db.manager): Promise<void> {
    await manager.query(
      `INSERT INTO unowned_objects (key, reason) VALUES ($1, 'writing')
       ON CONFLICT (key) DO UPDATE SET reason = 'writing', since = now()`,
      [key],
    );
  }

  /** Taken off the list by its new owner's transaction; false when the sweep removes or removed it. */
  async claim(key: string, manager: EntityManager): Promise<boolean> {
    const [, affected] = (await manager.query(`DELETE FROM unowned_objects WHERE key = $1 AND reason <> 'sweeping'`, [key])) as [unknown, number];
    return affected > 0;
  }

  /** No longer wanted by its owner (replaced): removed by the sweep once nothing can be reading it. */
  async release(key: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO unowned_objects (key, reason) VALUES ($1, 'replaced')
       ON CONFLICT (key) DO UPDATE SET reason = 'replaced', since = now()`,
      [key],
    );
  }

  /**
   * Removes every object listed before `before` that no owner points at (`remove` deletes it from
   * storage; a failure leaves the rest listed for the next sweep). Listed objects an owner points
   * at are only taken off the list. Returns how many objects were removed.
   */
  async sweep(before: Date, remove: (key: string) => Promise<void>, batch = 200): Promise<number> {
    let removed = 0;
    for (;;) {
      const rows = await this.db.transaction(async (tx) => {
        const listed = (await tx.query(
          `SELECT u.key, ${OWNERS.join(' OR ')} AS owned
             FROM unowned_objects u
            WHERE u.since < $1
            ORDER BY u.since
            LIMIT $2
              FOR UPDATE OF u SKIP LOCKED`,
          [before, batch],
        )) as { key: string; owned: boolean }[];
        const owned = listed.filter((r) => r.owned).map((r) => r.key);
        if (owned.length) await tx.query(`DELETE FROM unowned_objects WHERE key = ANY($1)`, [owned]);
        const doomed = listed.filter((r) => !r.owned).map((r) => r.key);
        // `since` is kept: a sweep that dies before the removal finds them again next time.
        if (doomed.length) await tx.query(`UPDATE unowned_objects SET reason = 'sweeping' WHERE key = ANY($1)`, [doomed]);
        return { taken: listed.length, doomed };
      });
      for (const key of rows.doomed) {
        await remove(key);
        await this.db.query(`DELETE FROM unowned_objects WHERE key = $1`, [key]);
        removed++;
      }
      if (rows.taken < batch) return removed;
    }
  }

  /** How many objects are listed (tests and logs). */
  async count(): Promise<number> {
    const [row] = (await this.db.query(`SELECT count(*)::int AS n FROM unowned_objects`)) as { n: number }[];
    return row.n;
  }
}
