import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';
import type { AppConfig } from '../libs/config/src/app-config';
import { repoRoot } from './app-processes';

/**
 * `npm start` on a machine whose PostgreSQL or Redis is installed but stopped: the same script as
 * `npm test`'s first step, in its `services` mode, starts the ones DATABASE_URL and REDIS_URL name
 * on this machine, or stops with one line naming what to install or run (exit status not 0).
 */
export function ensureLocalServices(
  config: Pick<AppConfig, 'DATABASE_URL' | 'REDIS_URL'>,
  options: { stdio?: 'inherit' | 'pipe'; env?: NodeJS.ProcessEnv } = {},
): SpawnSyncReturns<string> {
  return spawnSync('bash', [join(repoRoot(), 'scripts/ensure-system.sh'), 'services'], {
    env: { ...(options.env ?? process.env), DATABASE_URL: config.DATABASE_URL, REDIS_URL: config.REDIS_URL },
    stdio: options.stdio ?? 'inherit',
    encoding: 'utf8',
  });
}
