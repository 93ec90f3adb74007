import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigOrExit } from '../libs/config/src/app-config';
import { loadLocalEnv } from './local-env';
import { ensureLocalServices } from './local-services';
import { watchParent } from './parent-watch';
import { exitIfPortTaken } from './port-check';

/**
 * Runs before `npm start` (through ts-node, from source): a bad setting, a port in use, or a
 * PostgreSQL or Redis of this machine that is missing, is reported at once, not after a build (one
 * that is installed but stopped is started), and the build runs only when a source file is newer
 * than the last build (whose start `npm run build` stamps, see its prebuild and postbuild scripts).
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

/**
 * `npm run build` in a process group of its own: stopping `npm start` meanwhile (a signal, or npm
 * gone: the shell that runs this step does not pass signals on) stops the whole build.
 */
function build(): void {
  const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', detached: true });
  const stop = () => {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    process.exit(143);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  const unwatch = watchParent(stop);
  child.on('exit', (code) => {
    unwatch();
    process.exit(code ?? 1);
  });
}

async function main(): Promise<void> {
  loadLocalEnv(ROOT);
  const config = loadConfigOrExit();
  // A port in use stops it here, before a service is started or a build run (the launcher checks again).
  await exitIfPortTaken(config);
  const services = ensureLocalServices(config);
  if (services.status !== 0) process.exit(services.status ?? 1);
  const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  if (Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s)))) > built) {
    build();
  } else {
    process.stdout.write('npm start: the build is up to date\n');
  }
}

void main();
