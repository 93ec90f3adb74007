import http, { type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { sampleItems } from '@app/export-engine/testing/fixtures';
import { startApi } from '../support/app-runner';
import { adminAuthorization, signedInAt } from '../support/auth';
import { readyTask } from '../support/generate-helpers';
import { apiUrl, testEnv } from '../support/test-env';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  reused: boolean;
  socket: Socket;
}

/** One request (as the run's admin) on `agent`'s connections, read whole; says whether it went over a reused connection. */
function call(agent: http.Agent, url: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method, headers: { Authorization: adminAuthorization() } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), reused: req.reusedSocket, socket: req.socket! }));
    });
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Proxies keep idle connections to the API for up to 60 s (cloud load balancers) or 75 s (nginx)
 * and reuse them; the API must not close them first, and a SIGTERM must not wait for them.
 */
describe('keep-alive connections', () => {
  it('an idle connection is still there after more than Node’s default 5 s, and is reused', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await call(agent, `${apiUrl()}/api/health`);
      expect(first.status).toBe(200);
      expect(first.headers['keep-alive']).toBe('timeout=75');
      // The idle time is the subject here: Node's own default would have closed it after 5 s.
      await sleep(6_000);
      const second = await call(agent, `${apiUrl()}/api/health`);
      expect(second.status).toBe(200);
      expect(second.reused).toBe(true);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });

  it('SIGTERM: an answer in flight is finished with Connection: close, idle connections are closed, the API exits at once', async () => {
    const { appEnv, logDir } = testEnv();
    // Ten minutes of keep-alive: an API that waited for its idle connections would not stop in this test's time.
    const api = await startApi('api-keep-alive', { ...appEnv, KEEP_ALIVE_TIMEOUT_MS: '600000' }, logDir);
    const agent = new http.Agent({ keepAlive: true });
    try {
      const task = await readyTask(sampleItems());
      const idle = await call(agent, `${api.url}/api/health`);
      expect(idle.headers['keep-alive']).toBe('timeout=600');
      const idleClosed = new Promise((r) => idle.socket.once('close', r));

      const inFlight = call(agent, `${api.url}/api/tasks/${task.id}/generate`, 'POST');
      // The generate is in flight once its export row exists (queued or running).
      for (let rows: unknown[] = []; rows.length === 0; ) {
        rows = (await signedInAt(api.url).get(`/api/tasks/${task.id}/exports`).expect(200)).body as unknown[];
      }
      api.child.kill('SIGTERM');

      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.headers.connection).toBe('close');
      await idleClosed;
      expect(await api.exited).toBe(0);
    } finally {
      agent.destroy();
      await api.stop();
    }
  }, 120_000);
});
