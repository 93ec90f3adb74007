import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { EngineInput, EngineOutput } from '@app/export-engine';
import { EngineRejection, EngineRunner } from './engine-runner';
import type { EngineThreadReply } from './engine.thread';

/**
 * Each export runs in a thread of its own, started for it and gone with it: exports share the
 * CPU (a small one is not stuck behind a big one), the main thread stays free to renew locks, a
 * crashed engine takes only its own export, and each thread's memory is given back when it ends.
 * Starting a thread costs a few tens of milliseconds, far below what a user notices.
 */
export class ThreadEngineRunner extends EngineRunner {
  private readonly threads = new Set<Worker>();

  constructor(private readonly entry = join(__dirname, 'engine.thread.js')) {
    super();
  }

  run(input: EngineInput): Promise<EngineOutput> {
    const thread = new Worker(this.entry, { workerData: input });
    this.threads.add(thread);
    return new Promise<EngineOutput>((resolve, reject) => {
      thread.once('message', (reply: EngineThreadReply) => {
        if (reply.ok) resolve({ xlsx: Buffer.from(reply.xlsx.buffer, reply.xlsx.byteOffset, reply.xlsx.byteLength), report: reply.report, timings: reply.timings });
        else reject(reply.engineError ? new EngineRejection(reply.message, reply.code) : new Error(reply.message));
      });
      thread.once('error', reject);
      // After a reply this rejection is a no-op; without one the thread died (or was terminated).
      thread.once('exit', (code) => {
        this.threads.delete(thread);
        reject(new Error(`engine thread exited with code ${code} before it answered`));
      });
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.threads].map((thread) => thread.terminate()));
  }
}
