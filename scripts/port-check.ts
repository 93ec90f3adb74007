import { createServer } from 'node:net';
import type { AppConfig } from '../libs/config/src/app-config';

/** Binds host:port for a moment: the error binding gives, or undefined when the port is free. */
function bindError(host: string, port: number): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

/**
 * The ports `npm start` is about to listen on, checked before it starts anything: a second
 * `npm start` on a port in use used to print its ready banner (the first instance's API answered
 * its health check), start workers and a second S3 server, and only then fail with EADDRINUSE.
 * PORT on HOST, and EMBEDDED_S3_PORT when the embedded S3 server will be started on a fixed port
 * (no S3_ENDPOINT). Returns the one line to print, or undefined when every port is free.
 */
export async function portProblem(
  config: Pick<AppConfig, 'HOST' | 'PORT' | 'EMBEDDED_S3_PORT'>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const wanted = [{ setting: 'PORT', host: config.HOST, port: config.PORT }];
  if (!env.S3_ENDPOINT && config.EMBEDDED_S3_PORT) wanted.push({ setting: 'EMBEDDED_S3_PORT', host: '127.0.0.1', port: config.EMBEDDED_S3_PORT });
  for (const { setting, host, port } of wanted) {
    const error = await bindError(host, port);
    if (!error) continue;
    return error.code === 'EADDRINUSE'
      ? `npm start: port ${port} (${setting}) is already in use on ${host}, by another npm start or another program: stop it or set ${setting} to a free port`
      : `npm start cannot listen on ${host}:${port} (${setting}): ${error.message}`;
  }
  return undefined;
}

/** The launcher's and `npm start`'s first step: a port in use stops it at once, with the one line. */
export async function exitIfPortTaken(config: Pick<AppConfig, 'HOST' | 'PORT' | 'EMBEDDED_S3_PORT'>): Promise<void> {
  const taken = await portProblem(config);
  if (!taken) return;
  process.stderr.write(`${taken}\n`);
  process.exit(1);
}
