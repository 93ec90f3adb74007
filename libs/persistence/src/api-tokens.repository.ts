import type { DataSource } from 'typeorm';
import { recordAudit, type Actor } from './audit-writer';

export interface ApiTokenRow {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Personal tokens (DESIGN §13): stored as sha256 of the secret, named, revocable by their owner. */
export class ApiTokensRepository {
  constructor(private readonly db: DataSource) {}

  list(userId: string): Promise<ApiTokenRow[]> {
    return this.db.query(
      `SELECT id, name, created_at AS "createdAt", last_used_at AS "lastUsedAt" FROM api_tokens WHERE user_id = $1 ORDER BY created_at DESC, id`,
      [userId],
    );
  }

  create(actor: Actor, name: string, tokenHash: string): Promise<ApiTokenRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<ApiTokenRow[]>(
        `INSERT INTO api_tokens (user_id, name, token_hash) VALUES ($1, $2, $3)
         RETURNING id, name, created_at AS "createdAt", last_used_at AS "lastUsedAt"`,
        [actor.id, name, tokenHash],
      );
      await recordAudit(tx, actor, 'token.create', { tokenId: row.id, name });
      return row;
    });
  }

  /** Only the owner's own token; false when there is no such token of theirs. */
  revoke(actor: Actor, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [rows] = (await tx.query('DELETE FROM api_tokens WHERE id = $1 AND user_id = $2 RETURNING name', [id, actor.id])) as [{ name: string }[], number];
      if (!rows.length) return false;
      await recordAudit(tx, actor, 'token.revoke', { tokenId: id, name: rows[0].name });
      return true;
    });
  }
}
