import type { DataSource } from 'typeorm';
import type { FollowedList } from '@app/contracts';
import { recordAudit, type Actor } from './audit-writer';

/**
 * Who follows which price list (`Следить`, DESIGN §17): the people told when a version is held,
 * its source keeps failing, or a batch it started by itself ends. Anyone signed in may follow.
 */
export class FollowersRepository {
  constructor(private readonly db: DataSource) {}

  /** Null when the list does not exist. */
  async isFollowing(userId: string, priceListId: string): Promise<boolean | null> {
    const [row] = await this.db.query<{ following: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM price_list_followers WHERE price_list_id = l.id AND user_id = $1) AS following FROM price_lists l WHERE l.id = $2`,
      [userId, priceListId],
    );
    return row ? row.following : null;
  }

  /** Follows or stops following, with its audit event when it changed anything; null when the list does not exist. */
  set(actor: Actor, priceListId: string, following: boolean): Promise<boolean | null> {
    return this.db.transaction(async (tx) => {
      const [list] = await tx.query<{ name: string }[]>(`SELECT name FROM price_lists WHERE id = $1 FOR KEY SHARE`, [priceListId]);
      if (!list) return null;
      // TypeORM answers an INSERT with its rows, a DELETE with [rows, count].
      const changed = following
        ? ((await tx.query(`INSERT INTO price_list_followers (price_list_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id`, [priceListId, actor.id])) as unknown[]).length
        : ((await tx.query(`DELETE FROM price_list_followers WHERE price_list_id = $1 AND user_id = $2`, [priceListId, actor.id])) as [unknown, number])[1];
      if (changed) await recordAudit(tx, actor, 'price-list.follow', { priceListId, name: list.name, following });
      return following;
    });
  }

  /** The lists a user follows, by name. */
  async of(userId: string): Promise<FollowedList[]> {
    const rows = await this.db.query<{ id: string; name: string; created_at: Date }[]>(
      `SELECT l.id, l.name, f.created_at FROM price_list_followers f JOIN price_lists l ON l.id = f.price_list_id WHERE f.user_id = $1 ORDER BY lower(l.name)`,
      [userId],
    );
    return rows.map((r) => ({ priceListId: r.id, name: r.name, since: r.created_at.toISOString() }));
  }
}
