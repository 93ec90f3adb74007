import request from 'supertest';
import { AUTH_ERR, OPS_UI, batchJobId, type Delivery } from '@app/contracts';
import { sampleItems } from '@app/export-engine/testing/fixtures';
import { api } from '../support/api-client';
import { userWithRole } from '../support/auth';
import { waitForBatch } from '../support/batches';
import { readyTask } from '../support/generate-helpers';
import { sql } from '../support/inspect';
import { createList } from '../support/price-lists';
import { startSupplierServer } from '../support/supplier-server';
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
    expect(queue).toMatchObject({ name: 'export', displayName: OPS_UI.queue.export.name, description: OPS_UI.queue.export.description });
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

  it('names the mail queue as its own, and a source poll and a send by what they work on', async () => {
    const admin = await userWithRole('admin');
    const board = (path: string) => admin.agent().get(`/admin/queues/api${path}`).expect(200);
    const { queues } = (await board('/queues?activeQueue=mail&status=completed')).body as { queues: { name: string; displayName: string; description: string }[] };
    const mail = queues.find((q) => q.name === 'mail');
    expect(mail).toMatchObject({ displayName: OPS_UI.queue.mail.name, description: OPS_UI.queue.mail.description });
    expect(mail!.displayName).not.toBe(OPS_UI.queue.export.name);

    // A poll of a source that answers 503: the run fails at once, its job is named all the same.
    const supplier = await startSupplierServer();
    try {
      const list = await createList();
      await api().put(`/api/price-lists/${list.id}/source`).send({ kind: 'url', url: supplier.url('/status/503') }).expect(200);
      await api().post(`/api/price-lists/${list.id}/source/run`).expect(202);
      // The run's row names its job once the worker has taken it (the deadline only stops a hang).
      const runJob = async () => (await sql<{ job_id: string }>('SELECT job_id FROM price_list_source_runs WHERE price_list_id = $1', [list.id]))[0]?.job_id;
      let jobId = await runJob();
      for (let n = 0; !jobId && n < 600; n++) {
        await new Promise((r) => setTimeout(r, 100));
        jobId = await runJob();
      }
      expect(jobId).toEqual(expect.any(String));
      const poll = (await board(`/queues/export/${encodeURIComponent(jobId!)}`)).body as { job: { name: string } };
      expect(poll.job.name).toBe(`Опрос источника прайса · ${list.id}`);
    } finally {
      await supplier.stop();
    }

    // A send's job is its delivery row's id.
    const task = await readyTask(sampleItems().slice(0, 2));
    await api().put(`/api/tasks/${task.id}/delivery`).send({ to: ['board@example.com'], cc: [], auto: false }).expect(200);
    const exportId = (await api().post(`/api/tasks/${task.id}/generate`).expect(200)).headers['x-export-id'] as string;
    const delivery = (await api().post(`/api/exports/${exportId}/send`).send({}).expect(202)).body as Delivery;
    const send = (await board(`/queues/mail/${delivery.id}`)).body as { job: { name: string } };
    expect(send.job.name).toBe(`Отправка выгрузки · ${delivery.id}`);
  });
});
