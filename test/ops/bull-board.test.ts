import request from 'supertest';
import { AUTH_ERR, OPS_UI, batchJobId } from '@app/contracts';
import { sampleItems } from '@app/export-engine/testing/fixtures';
import { api } from '../support/api-client';
import { userWithRole } from '../support/auth';
import { waitForBatch } from '../support/batches';
import { readyTask } from '../support/generate-helpers';
import { apiUrl } from '../support/test-env';

describe('Bull Board at /admin/queues takes the admin session', () => {
  it('sends a browser that is not signed in to the sign-in page and back; the board calls get 401', async () => {
    const page = await request(apiUrl()).get('/admin/queues').set('Accept', 'text/html').expect(302);
    expect(page.headers.location).toBe('/login?next=%2Fadmin%2Fqueues');
    const calls = await request(apiUrl()).get('/admin/queues/api/queues').expect(401);
    expect(calls.body).toEqual({ error: AUTH_ERR.signInRequired });
    // The basic-auth login of before is gone: a password in the header signs nobody in.
    const basic = `Basic ${Buffer.from('admin:admin').toString('base64')}`;
    await request(apiUrl()).get('/admin/queues/api/queues').set('Authorization', basic).expect(401);
    await request(apiUrl()).get('/admin/queues/api/queues').set('Authorization', 'Bearer pe_not-a-token').expect(401);
  });

  it('refuses staff and viewers with 403', async () => {
    for (const role of ['staff', 'viewer'] as const) {
      const user = await userWithRole(role);
      const res = await user.agent().get('/admin/queues/api/queues').expect(403);
      expect(res.body).toEqual({ error: AUTH_ERR.forbidden });
    }
  });

  it('shows the export and mail queues, with the prefix the app uses, to an admin (session or personal token)', async () => {
    const admin = await userWithRole('admin');
    const page = await admin.agent().get('/admin/queues').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const queues = await admin.agent().get('/admin/queues/api/queues').expect(200);
    expect((queues.body.queues as { name: string }[]).map((q) => q.name)).toEqual(['export', 'mail']);
    await api().get('/admin/queues/api/queues').expect(200);
  });

  it('names the queue and each job by its kind and what it works on, in the job lists and in a batch\'s tree', async () => {
    const admin = await userWithRole('admin');
    const board = (path: string) => admin.agent().get(`/admin/queues/api${path}`).expect(200);
    const task = await readyTask(sampleItems().slice(0, 3));
    const exportId = (await api().post(`/api/tasks/${task.id}/generate`).expect(200)).headers['x-export-id'] as string;
    const batchId = (await api().post('/api/batches').send({ action: 'generate', taskIds: [task.id] }).expect(202)).body.id as string;
    const child = (await waitForBatch(batchId)).tasks[0].exportId!;

    const listed = (await board('/queues?activeQueue=export&status=completed&jobsPerPage=200')).body as { queues: { name: string; displayName: string; jobs: { id: string; name: string }[] }[] };
    const [queue] = listed.queues;
    expect(queue).toMatchObject({ name: 'export', displayName: OPS_UI.queueName });
    const named = new Map(queue.jobs.map((j) => [j.id, j.name]));
    expect(named.get(exportId)).toBe(`Выгрузка · ${exportId}`);
    expect(named.get(child)).toBe(`Выгрузка · ${child} · пакет ${batchId}`);
    expect(named.get(batchJobId(batchId))).toBe(`Пакет · ${batchId}`);

    const one = (await board(`/queues/export/${exportId}`)).body as { job: { name: string } };
    expect(one.job.name).toBe(`Выгрузка · ${exportId}`);

    // The batch as Bull Board draws its flow: the parent and its children, named alike.
    const flow = (await board(`/queues/export/${child}/flow`)).body as { isFlowNode: boolean; flowRoot: { id: string; name: string; children: { id: string; name: string }[] } };
    expect(flow.isFlowNode).toBe(true);
    expect(flow.flowRoot).toMatchObject({ id: batchJobId(batchId), name: `Пакет · ${batchJobId(batchId)}`, children: [{ id: child, name: `Выгрузка · ${child}` }] });
  });
});
