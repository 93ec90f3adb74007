import { resolve } from 'node:path';
import { loadConfigOrExit, shutdownGraceMs } from '@app/config';
import { startEmbeddedS3, type EmbeddedS3 } from './embedded-s3';
import { loadLocalEnv } from './local-env';
import { ENTRY, repoRoot, spawnApp, type AppProcess } from './app-processes';

/**
 * `npm start`: API + WORKERS worker processes (+ an embedded S3 server when S3_ENDPOINT is not
 * set) in one terminal. Ctrl-C stops them all; a crashed worker is restarted.
 */
const ROOT = repoRoot();
const COLORS = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m', '\x1b[34m'];

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

async function main(): Promise<void> {
  loadLocalEnv(ROOT);
  const config = loadConfigOrExit();
  const env: NodeJS.ProcessEnv = { ...process.env };
  let s3: EmbeddedS3 | undefined;
  if (!env.S3_ENDPOINT) {
    const dir = resolve(ROOT, config.DATA_DIR, 's3');
    s3 = await startEmbeddedS3(dir, config.EMBEDDED_S3_PORT);
    env.S3_ENDPOINT = s3.endpoint;
    print('launcher', `S3_ENDPOINT is not set: started an embedded S3-compatible server (s3rver) at ${s3.endpoint}, data in ${dir}`);
  }
  const workers = config.WORKERS;

  const children = new Set<AppProcess>();
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    print('launcher', 'stopping…');
    // The API first, the workers once it is gone: a generate in flight waits for its job, and a
    // job still queued is taken only by a running worker (stopped together, the workers could go
    // first and leave that generate to time out). Each gets the apps' own grace (shutdownGraceMs).
    const grace = shutdownGraceMs(config) + 5_000;
    await api.stop('SIGTERM', grace);
    await Promise.all([...children].map((c) => c.stop('SIGTERM', grace)));
    await s3?.close();
    process.exit(code);
  };

  const api = spawnApp('api', ENTRY.api, env, print, ROOT);
  children.add(api);
  void api.exited.then((code) => stopAll(stopping ? 0 : (code ?? 1)));

  const startWorker = (n: number) => {
    const worker = spawnApp(`worker-${n}`, ENTRY.worker, env, print, ROOT);
    children.add(worker);
    void worker.exited.then((code) => {
      children.delete(worker);
      if (stopping) return;
      print('launcher', `worker-${n} exited with ${code}; restarting in 1 s`);
      setTimeout(() => !stopping && startWorker(n), 1_000);
    });
  };
  // Workers start once the API has created and migrated the database.
  await waitForApi(`http://127.0.0.1:${config.PORT}/api/health`, () => stopping);
  for (let n = 1; n <= workers; n++) startWorker(n);

  print('launcher', `Прайс-экспорт: http://localhost:${config.PORT} (Bull Board: /admin/queues), ${workers} worker(s). Ctrl-C stops.`);
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
}

void main();
