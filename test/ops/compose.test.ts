import { loadConfig } from '@app/config';
import { compose, example, filledIn } from '../support/compose';

/** The `environment:` block of one service in `docker-compose config` output. */
function serviceEnv(rendered: string, service: string): Record<string, string> {
  const block = rendered.slice(rendered.indexOf(`\n  ${service}:\n`) + 1);
  const env = block.slice(block.indexOf('    environment:\n') + 17);
  const vars: Record<string, string> = {};
  for (const line of env.split('\n')) {
    // A value YAML would read as another type (`false`) is rendered quoted: '…' or "…".
    const m = /^ {6}([A-Z0-9_]+): (?:'(.*)'|"(.*)"|(.*))$/.exec(line);
    if (!m) break;
    vars[m[1]] = m[2] ?? m[3] ?? m[4];
  }
  return vars;
}

describe('docker-compose.yml', () => {
  it('is valid and wires postgres, redis, minio, api and a scalable worker with health checks', () => {
    const res = compose(filledIn(), 'config');
    expect(res.error).toBeUndefined();
    expect(res.stderr).not.toMatch(/error/i);
    expect(res.status).toBe(0);
    const services = compose(filledIn(), 'config', '--services').stdout.split('\n').filter(Boolean);
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

  it('.env.example, once its passwords are filled in, gives both apps a configuration they accept', () => {
    const rendered = compose(filledIn(), 'config').stdout;
    for (const service of ['api', 'worker']) {
      const config = loadConfig(serviceEnv(rendered, service));
      expect(config).toMatchObject({ NODE_ENV: 'production', ADMIN_USER: 'ops', S3_ACCESS_KEY: 'price-export', S3_SECRET_KEY: 'minio-secret' });
      expect(config.DATABASE_URL).toBe('postgres://price:pg-secret@postgres:5432/price_export');
      expect(config.QUEUE_PREFIX).toBe('price-export:price_export');
    }
  });

  it.each(['ADMIN_USER', 'ADMIN_PASSWORD', 'POSTGRES_PASSWORD', 'MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD'])('refuses to render while %s is empty', (name) => {
    const res = compose({ ...filledIn(), [name]: '' }, 'config');
    expect(res.status).not.toBe(0);
    expect(res.stderr).toContain(`set ${name}`);
  });

  it('.env.local.example holds the true defaults of `npm start`', () => {
    const local = example('.env.local.example');
    expect(loadConfig(local)).toEqual(loadConfig({}));
    expect(Object.keys(local).sort()).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'ADMIN_USER', 'ADMIN_PASSWORD', 'PORT', 'WORKERS', 'WORKER_CONCURRENCY']));
  });
});
