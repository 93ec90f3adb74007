import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../support/app-runner';

/** No Docker engine here: Debian's docker-compose validates and renders the file instead. */
function compose(env: Record<string, string>, ...args: string[]) {
  const { PATH, HOME } = process.env;
  return spawnSync('docker-compose', ['-f', 'docker-compose.yml', ...args], {
    cwd: REPO_ROOT,
    env: { PATH, HOME, ...env } as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
}

describe('docker-compose.yml', () => {
  it('is valid and wires postgres, redis, minio, api and a scalable worker with health checks', () => {
    const res = compose({ ADMIN_USER: 'ops', ADMIN_PASSWORD: 's3cret' }, 'config');
    expect(res.error).toBeUndefined();
    expect(res.stderr).not.toMatch(/error/i);
    expect(res.status).toBe(0);
    const services = compose({ ADMIN_USER: 'ops', ADMIN_PASSWORD: 's3cret' }, 'config', '--services').stdout.split('\n').filter(Boolean);
    expect(services.sort()).toEqual(['api', 'minio', 'postgres', 'redis', 'worker']);
    const rendered = res.stdout;
    const worker = rendered.slice(rendered.indexOf('  worker:'));
    expect(worker).not.toMatch(/container_name|ports:/);
    expect(worker).toMatch(/WORKER_HEALTH_PORT/);
    for (const name of ['api', 'worker', 'postgres', 'redis', 'minio']) {
      const block = rendered.slice(rendered.indexOf(`  ${name}:`));
      expect(block).toMatch(/healthcheck:/);
      expect(block).toMatch(/restart: unless-stopped/);
    }
    expect(rendered).toMatch(/pgdata:|redisdata:|miniodata:/);
  });

  it('refuses to render without the Bull Board credentials', () => {
    const res = compose({}, 'config');
    expect(res.status).not.toBe(0);
    expect(res.stderr).toMatch(/ADMIN_USER|ADMIN_PASSWORD/);
  });
});
