import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigOrExit } from '../libs/config/src/app-config';
import { loadLocalEnv } from './local-env';
import { ensureLocalServices } from './local-services';

/**
 * Runs before `npm start` (through ts-node, from source): a bad setting, or a PostgreSQL or Redis
 * of this machine that is missing, is reported at once, not after a build (one that is installed
 * but stopped is started), and the build runs only when a source file is newer than the last build.
 */
const ROOT = join(__dirname, '..');
const STAMP = join(ROOT, 'dist', '.build-stamp');
const SOURCES = ['apps', 'libs', 'scripts', 'web', 'package-lock.json', 'tsconfig.json', 'nest-cli.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

loadLocalEnv(ROOT);
const services = ensureLocalServices(loadConfigOrExit());
if (services.status !== 0) process.exit(services.status ?? 1);
const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
if (Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s)))) > built) {
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Stamped with the build's start: a file saved while it ran makes the next start build again.
  writeFileSync(STAMP, '');
  utimesSync(STAMP, started / 1000, started / 1000);
} else {
  process.stdout.write('npm start: the build is up to date\n');
}
