import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { ERR, type FileKind } from '@app/contracts';
import { unprocessable } from '../common/user-error';
import type { UploadInspectAnswer, UploadInspectTask } from './upload-inspect.thread';

/** Uploads checked at once; more wait their turn (each thread may grow to ENGINE_THREAD_HEAP_MB). */
const THREADS = 2;
/** A second thread idle this long is stopped; one is always kept warm (starting one costs ~0.1–0.3 s). */
const IDLE_MS = 60_000;

/**
 * An upload checked by content (DESIGN §15) in a bounded thread rather than on the API's event
 * loop. The check reads the whole data sheet (a cell beyond XFD1048576 is refused at upload): on
 * the main thread it held every other request for ~0.7 s per 100k rows, and ran 2–3× slower
 * there than in a thread (scripts/bench/RESULTS.md, 2026-11-28). Bounded as an engine thread is:
 * its heap by ENGINE_THREAD_HEAP_MB, its time by ENGINE_JOB_TIMEOUT_MS; past either the thread is
 * ended and the upload refused with 422 `Файл слишком сложный для обработки: …`.
 * Threads come from piscina (a maintained pool with resource limits, idle timeout and abort).
 */
@Injectable()
export class UploadInspector implements OnApplicationShutdown {
  private readonly pool: Piscina<UploadInspectTask, UploadInspectAnswer>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.pool = new Piscina({
      filename: join(__dirname, 'upload-inspect.thread.js'),
      minThreads: 1,
      maxThreads: THREADS,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: config.ENGINE_THREAD_HEAP_MB },
    });
  }

  /** The file's format; 422 with the engine's message when it is refused. */
  async inspect(path: string, kind: FileKind): Promise<'xlsx' | 'csv'> {
    let answer: UploadInspectAnswer;
    try {
      answer = await this.pool.run({ path, kind }, { signal: AbortSignal.timeout(this.config.ENGINE_JOB_TIMEOUT_MS) });
    } catch (error) {
      throw this.bounded(error) ?? error;
    }
    if ('refused' in answer) throw unprocessable(answer.refused);
    return answer.format;
  }

  /** After RequestDrain has let the uploads in flight finish (beforeApplicationShutdown). */
  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }

  /** The refusal of a file whose check ran past a bound; undefined for any other failure. */
  private bounded(error: unknown): Error | undefined {
    const { name, code } = error as { name?: string; code?: string };
    if (name === 'AbortError' || code === 'ABORT_ERR') return unprocessable(ERR.fileTooComplex(ERR.boundTime(Math.ceil(this.config.ENGINE_JOB_TIMEOUT_MS / 1000))));
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') return unprocessable(ERR.fileTooComplex(ERR.boundHeap(this.config.ENGINE_THREAD_HEAP_MB)));
    return undefined;
  }
}
