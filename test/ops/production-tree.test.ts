import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BATCH_SUMMARY_FILE } from '@app/contracts';
import { fixtureBytes, sampleItems } from '@app/export-engine/testing/fixtures';
import { AppLauncher } from '../../scripts/app-launcher';
import { REPO_ROOT } from '../support/app-runner';
import { adminAt, signedInAt } from '../support/auth';
import { binary } from '../support/api-client';
import { tasksAt, unzip, waitForBatch } from '../support/batches';
import { dropDatabase } from '../support/databases';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { testEnv } from '../support/test-env';

/** Production refuses the default first admin (`admin`) and passwords under 12 characters. */
const ADMIN = { login: 'prod-admin', password: 'production-secret-34' };

interface Lock {
  packages: Record<string, { dev?: boolean }>;
}

/**
 * What the image holds and runs (Dockerfile): package.json, node_modules pruned to the production
 * dependencies (`npm prune --omit=dev`) and dist/, started with NODE_ENV=production. The checkout
 * has every package installed, so a package the built apps require that is only a devDependency
 * shows nowhere else: the image's API died at start on `Cannot find module 'exceljs'` (issue 34).
 * `npm run deps` refuses such an import before the build; this runs the tree itself.
 */
describe('the production tree: what the image holds, pruned to production dependencies', () => {
  const { appEnv } = testEnv();
  const databaseUrl = `${appEnv.DATABASE_URL}_prod`;
  const tree = mkdtempSync(join(tmpdir(), 'pe-prod-tree-'));
  let launcher: AppLauncher | undefined;
  let url = '';

  beforeAll(async () => {
    cpSync(join(REPO_ROOT, 'package.json'), join(tree, 'package.json'));
    cpSync(join(REPO_ROOT, 'package-lock.json'), join(tree, 'package-lock.json'));
    cpSync(join(REPO_ROOT, 'dist'), join(tree, 'dist'), { recursive: true });
    // The installed packages, hard-linked (a second) instead of `npm ci` (a minute, and the npm
    // cache may not hold them all); prune only unlinks. npm rewrites its hidden lock file, which
    // must not be the checkout's through the link.
    execFileSync('cp', ['-al', `${realpathSync(join(REPO_ROOT, 'node_modules'))}/.`, join(tree, 'node_modules')]);
    rmSync(join(tree, 'node_modules', '.package-lock.json'), { force: true });
    execFileSync('npm', ['prune', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--offline'], { cwd: tree, stdio: 'pipe' });

    launcher = new AppLauncher(
      {
        ...appEnv,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        // Unset, as in the image: derived from the database name (under the run's, so its clean-up removes the keys).
        QUEUE_PREFIX: '',
        S3_BUCKET: `${appEnv.S3_BUCKET}-prod`,
        // The web app the tree holds (dist/web), not the checkout's.
        WEB_DIST: '',
        // Nothing but the tree's node_modules may resolve a package.
        NODE_PATH: '',
        ADMIN_USER: ADMIN.login,
        ADMIN_PASSWORD: ADMIN.password,
      },
      join(testEnv().logDir, 'production-tree'),
      tree,
    );
    url = (await launcher.startApi('prod-api')).url;
    await launcher.startWorker('prod-worker');
    await adminAt(url, ADMIN);
  }, 240_000);

  afterAll(async () => {
    await launcher?.stopAll();
    await dropDatabase(databaseUrl);
    rmSync(tree, { recursive: true, force: true });
  }, 60_000);

  it('holds no package the lock file marks dev, and every production one', () => {
    const lock = JSON.parse(readFileSync(join(tree, 'package-lock.json'), 'utf8')) as Lock;
    const top = Object.entries(lock.packages).filter(([path]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path));
    const dev = top.filter(([, pkg]) => pkg.dev).map(([path]) => path);
    expect(dev).toContain('node_modules/jest');
    expect(dev.filter((path) => existsSync(join(tree, path)))).toEqual([]);
    const production = Object.keys((JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8')) as { dependencies: object }).dependencies);
    expect(production.filter((name) => !existsSync(join(tree, 'node_modules', name)))).toEqual([]);
  });

  it('signs in as the production admin and serves the web app from the tree', async () => {
    expect((await signedInAt(url).get('/api/auth/me').expect(200)).body.user).toMatchObject({ login: ADMIN.login, role: 'admin' });
    const page = await signedInAt(url).get('/').expect(200);
    expect(page.text).toContain('<div id="root">');
    expect((await signedInAt(url).get('/api/health').expect(200)).body).toMatchObject({ db: 'ok', redis: 'ok', storage: 'ok' });
  });

  it('makes an export: upload price, template and items, generate → 200 with an xlsx', async () => {
    const taskId = await sampleTaskAt(url, 'образ');
    const res = await generate(taskId, url).expect(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });

  it('makes a batch and its archive holds the files and Итоги.xlsx (exceljs, at run time)', async () => {
    const ids = await tasksAt(url, 2, fixtureBytes('price-sample.xlsx'), sampleItems(), 'образ');
    const id = (await signedInAt(url).post('/api/batches').send({ action: 'generate', taskIds: ids }).expect(202)).body.id as string;
    const batch = await waitForBatch(id, () => signedInAt(url));
    expect(batch.tasks.map((t) => t.status)).toEqual(['done', 'done']);
    const archive = await signedInAt(url).get(`/api/batches/${id}/archive`).buffer(true).parse(binary).expect(200);
    const files = await unzip(archive.body as Buffer);
    expect([...files.keys()]).toEqual(['образ 1.xlsx', 'образ 2.xlsx', BATCH_SUMMARY_FILE]);
    expect(files.get(BATCH_SUMMARY_FILE)!.subarray(0, 2).toString()).toBe('PK');
  });
});
