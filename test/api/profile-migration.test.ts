import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { DEFAULT_PROFILE_NAME, type Mapping, type Task } from '@app/contracts';
import type { RuleProfile } from '@app/contracts/profile.contract';
import { ensureDatabase } from '@app/persistence/data-source';
import { InitialSchema1732240000000 } from '@app/persistence/migrations/1732240000000-initial-schema';
import { TaskVersion1764547200000 } from '@app/persistence/migrations/1764547200000-task-version';
import { startApi } from '../support/app-runner';
import { dropDatabase } from '../support/databases';
import { testEnv } from '../support/test-env';
import { adminAt } from '../support/auth';

const GLOBAL: Mapping = { manualMapping: { ma: 2, gm: 3, name: 4, minQty: 6, step: 7 }, priceToTemplate: { '6': 5 }, priceKeys: { ma: 1, gm: 2 } };
/** A task made before the rules last changed keeps its older copy. */
const OLD_COPY: Mapping = { manualMapping: { ma: 1, gm: 0, name: 0, minQty: 0, step: 0 }, priceToTemplate: {}, priceKeys: { ma: 0, gm: 0 } };

/** A database exactly as the first wave left it: its two migrations, global rules, tasks with their copies. */
async function firstWaveDatabase(url: string): Promise<void> {
  await dropDatabase(url);
  await ensureDatabase(url);
  const db = new DataSource({ type: 'postgres', url, migrations: [InitialSchema1732240000000, TaskVersion1764547200000] });
  await db.initialize();
  try {
    await db.runMigrations({ transaction: 'each' });
    await db.query('UPDATE global_rules SET manual_mapping = $1, price_to_template = $2, price_keys = $3', [
      GLOBAL.manualMapping,
      GLOBAL.priceToTemplate,
      GLOBAL.priceKeys,
    ]);
    const item = { ma: '31', gm: '77', name: 'Молоко', minQty: 1, step: 1 };
    await db.query(`INSERT INTO tasks (name, items, mapping, version) VALUES ('старая', $1, $2, 4), ('новая', '[]', $3, 1)`, [
      JSON.stringify([item]),
      OLD_COPY,
      GLOBAL,
    ]);
  } finally {
    await db.destroy();
  }
}

describe('the rule-profiles migration on first-wave data', () => {
  it('turns the global rules into the default profile and points every task to it, keeping their copies', async () => {
    const { appEnv, logDir } = testEnv();
    const url = `${appEnv.DATABASE_URL}_first_wave`;
    await firstWaveDatabase(url);
    const api = await startApi('api-first-wave', { ...appEnv, DATABASE_URL: url }, logDir);
    try {
      const admin = await adminAt(api.url);
      const profiles = (await admin.get('/api/profiles').expect(200)).body as RuleProfile[];
      expect(profiles).toHaveLength(1);
      expect(profiles[0]).toMatchObject({ name: DEFAULT_PROFILE_NAME, isDefault: true, ...GLOBAL, headers: { template: {}, price: {} } });
      expect((await admin.get('/api/mappings/global').expect(200)).body).toEqual(GLOBAL);

      const tasks = (await admin.get('/api/tasks').expect(200)).body as Task[];
      expect(tasks).toHaveLength(2);
      expect(tasks.every((t) => t.profileId === profiles[0].id)).toBe(true);
      const old = tasks.find((t) => t.name === 'старая')!;
      expect(old).toMatchObject({ mapping: OLD_COPY, version: 4, items: [{ ma: '31', gm: '77', name: 'Молоко', minQty: 1, step: 1 }] });
      const synced = await admin.patch(`/api/tasks/${old.id}`).send({ syncMapping: true }).expect(200);
      expect(synced.body).toMatchObject({ mapping: GLOBAL, mappingSynced: true });

      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        // global_rules is now a read-only view of the default profile.
        const view = await client.query('SELECT id, manual_mapping FROM global_rules');
        expect(view.rows).toEqual([{ id: 1, manual_mapping: GLOBAL.manualMapping }]);
        const nulls = await client.query('SELECT count(*)::int AS n FROM tasks WHERE profile_id IS NULL');
        expect(nulls.rows).toEqual([{ n: 0 }]);
      } finally {
        await client.end();
      }
    } finally {
      await api.stop();
      await dropDatabase(url);
    }
  }, 90_000);
});
