import { routeLabel } from './http-route';

const req = (over: Partial<{ route: unknown; baseUrl: string; method: string; originalUrl: string }>) =>
  ({ route: undefined, baseUrl: '', method: 'GET', originalUrl: '/', ...over }) as Parameters<typeof routeLabel>[0];

describe('the route label of a request', () => {
  it('is the template its route was declared with, under the router it was mounted at', () => {
    expect(routeLabel(req({ route: { path: '/api/tasks/:id' }, originalUrl: '/api/tasks/6f1c8d2e-0000-4000-8000-000000000001' }), 200)).toBe('/api/tasks/:id');
    expect(routeLabel(req({ route: { path: '/api/queues/:queueName/:jobId' }, baseUrl: '/admin/queues', originalUrl: '/admin/queues/api/queues/export/42' }), 200)).toBe(
      '/admin/queues/api/queues/:queueName/:jobId',
    );
    // Bull Board's pages share one route of several paths.
    expect(routeLabel(req({ route: { path: ['/', '/queue/:queueName'] }, baseUrl: '/admin/queues', originalUrl: '/admin/queues/queue/export' }), 200)).toBe('/admin/queues/*');
  });

  it("is `unmatched` for Nest's not-found route and for what no route took, and `web-app` for the web app's pages and files", () => {
    expect(routeLabel(req({ route: { path: '{/*splat}' }, originalUrl: '/api/nothing/here' }), 404)).toBe('unmatched');
    expect(routeLabel(req({ method: 'POST', originalUrl: '/api/tasks' }), 413)).toBe('unmatched');
    expect(routeLabel(req({ originalUrl: '/admin/nothing' }), 404)).toBe('unmatched');
    expect(routeLabel(req({ originalUrl: '/task/6f1c8d2e-0000-4000-8000-000000000001?x=1' }), 200)).toBe('web-app');
    expect(routeLabel(req({ originalUrl: '/assets/index-abc.js' }), 304)).toBe('web-app');
    expect(routeLabel(req({ method: 'DELETE', originalUrl: '/task/1' }), 404)).toBe('unmatched');
    // A file of a mounted app: its mount point, not the file.
    expect(routeLabel(req({ baseUrl: '/admin/queues/static', originalUrl: '/admin/queues/static/js/main.1a2b.js' }), 200)).toBe('/admin/queues/static/*');
    expect(routeLabel(req({ baseUrl: '/admin/queues/static', originalUrl: '/admin/queues/static/nothing.js' }), 404)).toBe('unmatched');
  });
});
