import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { REPO_ROOT } from './app-runner';

/** No Docker engine here: Debian's docker-compose validates and renders the file instead. */
export function compose(env: Record<string, string>, ...args: string[]) {
  const { PATH, HOME } = process.env;
  return spawnSync('docker-compose', ['-f', 'docker-compose.yml', ...args], {
    cwd: REPO_ROOT,
    env: { PATH, HOME, ...env } as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
}

export const example = (name: string) => parseEnv(readFileSync(join(REPO_ROOT, name), 'utf8')) as Record<string, string>;
/** .env.example as an operator fills it in: only the empty passwords get values. */
export const filledIn = () => ({ ...example('.env.example'), ADMIN_PASSWORD: 'a-long-admin-secret', POSTGRES_PASSWORD: 'pg-secret', MINIO_ROOT_PASSWORD: 'minio-secret' });
