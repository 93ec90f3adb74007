import { DataSource } from 'typeorm';
import type { AuditPage, ExportRecord, Task } from '@app/contracts';
import type { RuleProfile } from '@app/contracts/profile.contract';
import { ensureDatabase } from '@app/persistence/data-source';
import { InitialSchema1732240000000 } from '@app/persistence/migrations/1732240000000-initial-schema';
import { TaskVersion1764547200000 } from '@app/persistence/migrations/1764547200000-task-version';
import { RuleProfiles1767139200000 } from '@app/persistence/migrations/1767139200000-rule-profiles';
import { ExportDigests1769731200000 } from '@app/persistence/migrations/1769731200000-export-digests';
import { adminAt } from '../support/auth';
import { startApi } from '../support/app-runner';
import { dropDatabase } from '../support/databases';
import { testEnv } from '../support/test-env';

const ITEM = { ma: '31', gm: '77', name: 'Молоко', minQty: 1, step: 1 };
const RULES = { manualMapping: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 }, priceToTemplate: { '6': 5 }, priceKeys: { ma: 0, gm: 0 } };

/** A database as the waves before sign-in left it: a profile of its own, a task on it, a finished export. */
async function beforeUsersDatabase(url: string): Promise<void> {
  await dropDatabase(url);
  await ensureDatabase(url);
  const migrations = [InitialSchema1732240000000, TaskVersion1764547200000, RuleProfiles1767139200000, ExportDigests1769731200000];
  const db = new DataSource({ type: 'postgres', url, migrations });
  await db.initialize();
  try {
    await db.runMigrations({ transaction: 'each' });
    const [profile] = await db.query(
      `INSERT INTO rule_profiles (name, manual_mapping, price_to_template, price_keys) VALUES ('Лента', $1, $2, $3) RETURNING id`,
      [RULES.manualMapping, RULES.priceToTemplate, RULES.priceKeys],
    );
    const [task] = await db.query(`INSERT INTO tasks (name, items, mapping, profile_id, version) VALUES ('Лента — неделя 48', $1, $2, $3, 3) RETURNING id`, [
      JSON.stringify([ITEM]),
      RULES,
      profile.id,
    ]);
    await db.query(
      `INSERT INTO exports (task_id, status, finished_at, object_key, size, report) VALUES ($1, 'done', now(), 'tasks/x/exports/y.xlsx', 1234, $2)`,
      [task.id, { rows: 1, matchedByMa: 1, matchedByGm: 0, unmatched: [], duplicateKeys: 0, keyColumns: { ma: 2, gm: 3 } }],
    );
  } finally {
    await db.destroy();
  }
}

describe('the users-and-audit migration on a database of today', () => {
  it('keeps tasks, profiles and exports, makes the first admin, and starts the journal with its creation', async () => {
    const { appEnv, logDir } = testEnv();
    const url = `${appEnv.DATABASE_URL}_before_users`;
    await beforeUsersDatabase(url);
    const api = await startApi('api-before-users', { ...appEnv, DATABASE_URL: url }, logDir);
    try {
      expect(api.lines.some((l) => l.includes('UsersAndAudit1772000000000'))).toBe(true);
      expect(api.lines.some((l) => l.includes('first admin \\"admin\\" created'))).toBe(true);
      const admin = await adminAt(api.url);
      // The first admin's creation is the journal's first event, made by the system itself.
      const journal = (await admin.get('/api/audit').expect(200)).body as AuditPage;
      expect(journal.events.map((e) => [e.action, e.user?.login ?? null])).toEqual([['auth.sign-in', 'admin'], ['user.create', null]]);
      expect(journal.events[1].details).toMatchObject({ login: 'admin', role: 'admin', via: 'first-start' });

      const profiles = (await admin.get('/api/profiles').expect(200)).body as RuleProfile[];
      expect(profiles.map((p) => p.name)).toEqual(['Общие правила', 'Лента']);
      const [task] = (await admin.get('/api/tasks').expect(200)).body as Task[];
      expect(task).toMatchObject({ name: 'Лента — неделя 48', version: 3, items: [ITEM], mapping: RULES, profileId: profiles[1].id });
      const [exported] = (await admin.get(`/api/tasks/${task.id}/exports`).expect(200)).body as ExportRecord[];
      expect(exported).toMatchObject({ status: 'done', size: 1234, report: { rows: 1 }, createdBy: null });
      expect((await admin.get(`/api/tasks/${task.id}/audit`).expect(200)).body).toEqual({ events: [], next: null });

      // Its events start now.
      await admin.patch(`/api/tasks/${task.id}`).send({ items: [ITEM, { ma: '32' }] }).expect(200);
      const page = (await admin.get(`/api/tasks/${task.id}/audit`).expect(200)).body;
      expect(page.events).toMatchObject([{ action: 'task.items', user: { login: 'admin' }, details: { added: 1, removed: 0, changed: 0 } }]);
    } finally {
      await api.stop();
      await dropDatabase(url);
    }
  }, 90_000);
});
