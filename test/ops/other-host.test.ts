import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimCluster } from '../../scripts/sim-cluster';
import { generate, sampleTaskAt } from '../support/generate-helpers';
import { signedInAt } from '../support/auth';
import { waitForBatch } from '../support/batches';

/**
 * DESIGN §18: nothing assumes one machine. The topology of the many-hosts benchmark (`npm run
 * bench -- --hosts`), once: PostgreSQL, Redis, the S3 server and the API on one simulated host
 * (a network namespace), a worker on another with a CPU quota and a temporary folder of its own.
 * The worker reaches the services only over the simulated network, so a loopback address or a
 * file shared through /tmp anywhere in an export's way would make it fail.
 */
jest.setTimeout(180_000);

describe('a worker on another host', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'pe-other-host-'));
  const cluster = new SimCluster(Math.random().toString(36).slice(2, 5), workDir);
  afterAll(async () => {
    const problems = await cluster.destroy({ keepFiles: Boolean(process.env.KEEP_TEST_LOGS) });
    expect(problems).toEqual([]);
  });

  it('makes an export and a batch, reaching the services over the network only', async () => {
    await cluster.startServices();
    const { host, worker } = await cluster.startWorkerHost('w1', 1);
    expect(host.address).not.toBe(cluster.services.address);

    const taskId = await sampleTaskAt(cluster.apiUrl, 'другой хост');
    const res = await generate(taskId, cluster.apiUrl).expect(200);
    expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    expect(worker.lines.some((l) => l.includes('"export done"'))).toBe(true);

    const other = await sampleTaskAt(cluster.apiUrl, 'другой хост 2');
    const { id } = (await signedInAt(cluster.apiUrl).post('/api/batches').send({ action: 'generate', taskIds: [taskId, other] }).expect(202)).body as { id: string };
    const batch = await waitForBatch(id, () => signedInAt(cluster.apiUrl));
    expect(batch.tasks.map((t) => t.status)).toEqual(['done', 'done']);
    // The job's files went through the host's own temporary folder, and none is left there.
    expect(readdirSync(join(workDir, 'tmp-w1')).filter((f) => f.startsWith('price-export-job-'))).toEqual([]);

    const health = (await signedInAt(cluster.apiUrl).get('/api/health').expect(200)).body as { workers: number };
    expect(health.workers).toBe(1);
  });
});
