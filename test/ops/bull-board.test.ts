import { api } from '../support/api-client';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('Bull Board at /admin/queues', () => {
  it('asks for credentials: none or wrong get 401', async () => {
    const none = await api().get('/admin/queues').expect(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic /);
    await api().get('/admin/queues').set('Authorization', basic('admin', 'wrong')).expect(401);
    await api().get('/admin/queues').set('Authorization', basic('someone', 'admin')).expect(401);
    await api().get('/admin/queues/api/queues').set('Authorization', 'Bearer x').expect(401);
  });

  it('shows the export queue, with the prefix the app uses, to the admin', async () => {
    const page = await api().get('/admin/queues').set('Authorization', basic('admin', 'admin')).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const queues = await api().get('/admin/queues/api/queues').set('Authorization', basic('admin', 'admin')).expect(200);
    const names = (queues.body.queues as { name: string }[]).map((q) => q.name);
    expect(names).toEqual(['export']);
  });
});
