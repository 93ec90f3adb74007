import type { Server } from 'node:http';

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
