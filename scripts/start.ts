import { resolve } from 'node:path';
import { loadConfigOrExit, shutdownGraceMs } from '@app/config';
import { startEmbeddedS3, type EmbeddedS3 } from './embedded-s3';
import { loadLocalEnv } from './local-env';
import { ENTRY, repoRoot, spawnApp, type AppProcess } from './app-processes';
import { watchParent } from './parent-watch';
import { exitIfPortTaken } from './port-check';

/**
 * `npm start`: API + WORKERS worker processes (+ an embedded S3 server when S3_ENDPOINT is not
 * set) in one terminal. A crashed API or worker is restarted; an API that crashes three times
 * within a minute (a setting or service it cannot start without) stops everything, with one line
 * saying so. A port already in use stops it before it starts anything.
 *
 * Stopping (Ctrl-C, SIGTERM to npm or to this process, npm gone): the API first, which answers
 * new requests 503 and finishes those it has, each waiting for its job; the workers meanwhile
 * keep making those jobs, and only once the API is gone are they stopped (each finishing its
 * active job). The apps run in process groups of their own, so a terminal's Ctrl-C reaches only
 * this launcher, which stops them in that order; they still stop by themselves if it dies.
 */
const ROOT = repoRoot();
const COLORS = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m', '\x1b[34m'];
/** API crashes within CRASH_WINDOW_MS that stop the app: restarting again would only loop. */
const API_CRASHES = 3;
const CRASH_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 1_000;

function print(name: string, line: string): void {
  const color = process.stdout.isTTY ? COLORS[name === 'api' ? 0 : 1 + (Number(name.split('-')[1] ?? 0) % 4)] : '';
  const reset = process.stdout.isTTY ? '\x1b[0m' : '';
  process.stdout.write(`${color}${name.padEnd(9)}|${reset} ${line}\n`);
}

async function waitForApi(url: string, cancelled: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !cancelled(); i++) {
    const status = await fetch(url).then((r) => r.status, () => 0);
    if (status === 200 || status === 503) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** How an app ended, for the launcher's line. */
const howItEnded = (app: AppProcess, code: number | null) => (app.child.signalCode ? `was ended by ${app.child.signalCode}` : `exited with ${code}`);

async function main(): Promise<void> {
  loadLocalEnv(ROOT);
  const config = loadConfigOrExit();
  await exitIfPortTaken(config);
  const env: NodeJS.ProcessEnv = { ...process.env };
  let s3: EmbeddedS3 | undefined;
  let api: AppProcess | undefined;
  const workers = new Set<AppProcess>();
  let stopping = false;

  const stopAll = async (code: number, why = 'stopping: the API finishes the requests it has, then the workers stop') => {
    if (stopping) return;
    stopping = true;
    print('launcher', why);
    // As long as the apps' own grace: an API lets a generate in flight finish (shutdownGraceMs).
    const grace = shutdownGraceMs(config) + 5_000;
    await api?.stop('SIGTERM', grace);
    await Promise.all([...workers].map((w) => w.stop('SIGTERM', grace)));
    await s3?.close();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stopAll(0));
  watchParent(() => void stopAll(0));

  if (!env.S3_ENDPOINT) {
    const dir = resolve(ROOT, config.DATA_DIR, 's3');
    s3 = await startEmbeddedS3(dir, config.EMBEDDED_S3_PORT);
    env.S3_ENDPOINT = s3.endpoint;
    print('launcher', `S3_ENDPOINT is not set: started an embedded S3-compatible server (s3rver) at ${s3.endpoint}, data in ${dir}`);
  }
  if (stopping) return;

  const crashes: number[] = [];
  const startApi = () => {
    const proc = spawnApp('api', ENTRY.api, env, print, ROOT, [], { ownGroup: true });
    api = proc;
    void proc.exited.then((code) => {
      if (stopping) return;
      const now = Date.now();
      crashes.push(now);
      while (crashes[0] <= now - CRASH_WINDOW_MS) crashes.shift();
      if (crashes.length >= API_CRASHES) {
        void stopAll(1, `stopping: the API ended ${API_CRASHES} times within a minute (the last time it ${howItEnded(proc, code)}); its last lines above say why`);
        return;
      }
      print('launcher', `api ${howItEnded(proc, code)}; restarting in 1 s`);
      setTimeout(() => !stopping && startApi(), RESTART_DELAY_MS);
    });
  };
  startApi();

  const startWorker = (n: number) => {
    const worker = spawnApp(`worker-${n}`, ENTRY.worker, env, print, ROOT, [], { ownGroup: true });
    workers.add(worker);
    void worker.exited.then((code) => {
      workers.delete(worker);
      if (stopping) return;
      print('launcher', `worker-${n} ${howItEnded(worker, code)}; restarting in 1 s`);
      setTimeout(() => !stopping && startWorker(n), RESTART_DELAY_MS);
    });
  };
  // Workers start once the API has created and migrated the database.
  await waitForApi(`http://127.0.0.1:${config.PORT}/api/health`, () => stopping);
  if (stopping) return;
  for (let n = 1; n <= config.WORKERS; n++) startWorker(n);

  print('launcher', `Прайс-экспорт: http://localhost:${config.PORT} (sign in as ${config.ADMIN_USER} on a new database; API reference: /api/docs; Bull Board: /admin/queues), ${config.WORKERS} worker(s). Ctrl-C stops.`);
}

void main();
