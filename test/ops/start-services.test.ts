import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/app-processes';
import { ensureLocalServices } from '../../scripts/local-services';
import { stoppedDebianCluster } from '../support/own-services';

/** A URL of another machine: never ours to start. */
const ELSEWHERE = { DATABASE_URL: 'postgres://postgres@db.invalid:5432/x', REDIS_URL: 'redis://cache.invalid:6379' };

/** What a command printed when it succeeded; '' when it failed (pg_isready with no server). */
const answers = (cmd: string, args: string[]) => {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

/**
 * `npm start`'s preparation (scripts/ensure-system.sh services, run by scripts/prepare-start.ts)
 * against services of this machine that are installed but stopped, on ports of their own: the
 * machine's own PostgreSQL and Redis, which every other test run uses, are never stopped.
 */
describe('npm start: PostgreSQL and Redis of this machine', () => {
  it('starts a PostgreSQL cluster that is installed but stopped, found by the port DATABASE_URL names', async () => {
    const pg = await stoppedDebianCluster();
    try {
      const url = `postgres://postgres@localhost:${pg.port}/price_export`;
      expect(answers('pg_isready', ['-h', '127.0.0.1', '-p', String(pg.port)])).toBe('');
      const run = ensureLocalServices({ ...ELSEWHERE, DATABASE_URL: url }, { stdio: 'pipe' });
      expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
        status: 0,
        stdout: `npm start: starting PostgreSQL ${pg.cluster} on port ${pg.port}\n`,
        stderr: expect.any(String),
      });
      expect(answers('pg_isready', ['-h', '127.0.0.1', '-p', String(pg.port)])).toMatch(/accepting connections/);
      // Up already: nothing to do, nothing said.
      const again = ensureLocalServices({ ...ELSEWHERE, DATABASE_URL: url }, { stdio: 'pipe' });
      expect({ status: again.status, stdout: again.stdout }).toEqual({ status: 0, stdout: '' });
    } finally {
      pg.destroy();
    }
  }, 60_000);

  it('starts Redis on the port REDIS_URL names when it is installed but not running', async () => {
    const port = await freePort();
    try {
      const run = ensureLocalServices({ ...ELSEWHERE, REDIS_URL: `redis://127.0.0.1:${port}` }, { stdio: 'pipe' });
      expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 0, stdout: `npm start: starting Redis on port ${port}\n` });
      expect(answers('redis-cli', ['-p', String(port), 'ping'])).toBe('PONG');
    } finally {
      answers('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);
      rmSync(`/var/log/redis/redis-${port}.log`, { force: true });
    }
  }, 60_000);

  it('names what to install, in one line, when a service of this machine is not installed', async () => {
    const port = await freePort();
    // A PATH with bash alone: neither PostgreSQL's nor Redis's programs are there.
    const bin = mkdtempSync(join(tmpdir(), 'pe-no-services-'));
    symlinkSync(execFileSync('bash', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim(), join(bin, 'bash'));
    try {
      const env = { ...process.env, PATH: bin };
      const pg = ensureLocalServices({ ...ELSEWHERE, DATABASE_URL: `postgres://127.0.0.1:${port}/x` }, { stdio: 'pipe', env });
      expect({ status: pg.status, stderr: pg.stderr }).toEqual({
        status: 1,
        stderr: `npm start needs PostgreSQL on 127.0.0.1:${port}: install it (sudo apt-get install -y postgresql) or point DATABASE_URL at a running server\n`,
      });
      const redis = ensureLocalServices({ ...ELSEWHERE, REDIS_URL: `redis://localhost:${port}` }, { stdio: 'pipe', env });
      expect({ status: redis.status, stderr: redis.stderr }).toEqual({
        status: 1,
        stderr: `npm start needs Redis on localhost:${port}: install it (sudo apt-get install -y redis-server) or point REDIS_URL at a running server\n`,
      });
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('leaves services of other machines to their operators', () => {
    const run = ensureLocalServices(ELSEWHERE, { stdio: 'pipe' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 0, stdout: '', stderr: '' });
  });
});
