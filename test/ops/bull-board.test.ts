import request from 'supertest';
import { AUTH_ERR } from '@app/contracts';
import { api } from '../support/api-client';
import { userWithRole } from '../support/auth';
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
});
