import type { Server, ServerResponse } from 'node:http';

/**
 * Idle connections are kept open longer than the proxies in front of the API keep theirs (nginx
 * 75 s, cloud load balancers 60 s): a proxy that reuses a connection the API has just closed gets
 * a reset, and the user an error. Node's default is 5 s. The headers timeout must exceed the
 * keep-alive one, or a reused connection's next request can be cut off while it waits.
 */
export function keepIdleConnections(server: Server, keepAliveMs: number): void {
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = keepAliveMs + 1_000;
  // Node refuses a headers timeout above the request timeout (300 s by default) at creation.
  server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout);
}

/**
 * `server.close()` closes the connections idle at that moment, but one whose request is still in
 * flight (a generate waits for its worker) stays open after its answer, kept alive, and the
 * server waits for it until the keep-alive timeout. So from `drain()` on, every answer says
 * `Connection: close`, and a connection that finishes an answer already under way is closed as
 * soon as it is idle: SIGTERM waits for the requests, never for idle sockets.
 */
export function drainOnShutdown(server: Server): { drain(): void } {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  server.on('request', (_req, res: ServerResponse) => {
    if (draining) {
      res.setHeader('Connection', 'close');
      return;
    }
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return {
    drain() {
      draining = true;
      for (const res of inFlight) {
        if (!res.headersSent) res.setHeader('Connection', 'close');
        else res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
      }
      server.closeIdleConnections();
    },
  };
}
