import { EnginePool } from './engine-pool';
import type { EngineProcessOptions, EngineProcessStarted, EngineReply, EngineTask } from './engine.protocol';
import { lowerProcessPriority } from './process-priority';

/**
 * The worker's engine process: the engine threads and everything that works for them — V8's
 * compilers and garbage collector, libuv's file reads — at the CPU priority asked for. In the
 * worker's own process those helpers would be shared with its main thread and have to stay at
 * normal priority (a main thread waiting on an idle-priority helper stalls), so a third of the
 * engines' CPU would still run ahead of the queue, database and storage work of other exports.
 * It only relays: jobs in from the worker, results out as the threads send them.
 */
const options = JSON.parse(process.argv[2] ?? '{}') as EngineProcessOptions;
const started = lowerProcessPriority(options.priority);
const pool = new EnginePool({ size: options.threads, idleMs: options.idleMs });
const send = (message: EngineReply | EngineProcessStarted) => process.send?.(message);

process.on('message', ({ id, input }: EngineTask) => {
  pool.run(input).then(
    (result) => send({ id, ...result }),
    (error: Error) => send({ id, ok: false, engineError: false, message: error.message }),
  );
});

// Stopping is the worker's call: it first finishes its jobs (a Ctrl-C reaches the whole process
// group), then disconnects; a worker that dies closes the channel too.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
process.on('disconnect', () => void pool.close().finally(() => process.exit(0)));

send({ started });
