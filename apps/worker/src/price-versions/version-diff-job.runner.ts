import { Inject, Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  guardThresholdsOf,
  PRICE_GUARD,
  XLSX_MIME,
  defaultCompareSettings,
  guardVersion,
  type CompareSettings,
  type GuardThresholds,
  type HoldReason,
  type VersionDiffJobData,
  type VersionDiffJobResult,
} from '@app/contracts';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { PriceListVersionsRepository, UnownedObjectsRepository, type ComparisonInput, type VersionComparison } from '@app/persistence';
import { FollowerNotifier } from '@app/delivery';
import { ListRuns } from '@app/queue';
import { StorageService, storageKeys } from '@app/storage';
import { attemptOutcome } from '../export/attempt-outcome';
import { EngineRejection, EngineRunner } from '../export/engine-runner';
import { OutageWait } from '../export/outage-wait';

/** A comparison that keeps finding another version made current meanwhile gives up after this many rounds (it is retried). */
const ROUNDS = 3;

/**
 * A new price-list version compared with the current one and settled (DESIGN §16): the list's
 * compare settings (or what its tasks' rules use), the diff in a bounded engine thread with every
 * change written to diff.xlsx, the guard's thresholds; then held with its reasons, or made current,
 * and then the list's run by itself starts. A comparison the engine cannot make holds the version
 * (`compare-failed`): a person decides, nothing is used unseen. Every query waits out a database
 * outage, as an export's does.
 */
@Injectable()
export class VersionDiffJobRunner {
  constructor(
    private readonly versions: PriceListVersionsRepository,
    private readonly unowned: UnownedObjectsRepository,
    private readonly runs: ListRuns,
    private readonly notifier: FollowerNotifier,
    private readonly engine: EngineRunner,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  async run(job: Job<VersionDiffJobData>): Promise<VersionDiffJobResult | null> {
    const log = this.logger.logger.child({ jobId: job.id, versionId: job.data.versionId, attempt: job.attemptsMade + 1 });
    try {
      return await this.settle(job.data.versionId, job, log);
    } catch (error) {
      const outcome = attemptOutcome(job, error as Error);
      log.warn({ err: (error as Error).message, final: outcome.final }, 'version comparison failed');
      throw outcome.final ? outcome.thrown : error;
    }
  }

  /**
   * Compares a pending version and settles it (held, or current and the list's run started); its
   * status afterwards, null when it is gone. Also a source's poll's, for the versions it makes
   * (`job`: the poll's, whose attempts say when a refusal is final). Rejects as a job's attempt would.
   */
  async settle(versionId: string, job: Job, log: PinoLogger['logger']): Promise<VersionDiffJobResult | null> {
    const wait = new OutageWait(job, this.config.GENERATE_TIMEOUT_MS);
    const dir = await mkdtemp(join(tmpdir(), 'price-export-diff-'));
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const input = await wait.database(() => this.versions.comparisonInput(versionId));
        if (!input) return null;
        if (input.version.status !== 'pending') {
          if (input.current?.id === input.version.id && !input.version.snapshotObjectKey) await this.keepCurrent(input, dir, log, wait);
          return { status: input.version.status as VersionDiffJobResult['status'] };
        }
        const comparison = await this.compare(input, dir, job, log);
        const settled = await wait.database(() => this.versions.settle(versionId, comparison));
        if (settled.outcome === 'gone') return null;
        if (settled.outcome === 'stale') continue;
        if (settled.outcome === 'current') await this.startRun(settled.list, versionId, log);
        if (settled.outcome === 'held') await this.tellHeld(input, comparison, log);
        log.info({ status: settled.status, reasons: comparison.holdReasons.map((r) => r.code) }, 'version compared');
        return { status: settled.status as VersionDiffJobResult['status'] };
      }
      throw new Error('another version became current during each comparison; comparing again');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** The comparison with the current version; none to compare with (or no key column to compare by): nothing holds it. */
  private async compare(input: ComparisonInput, dir: string, job: Job, log: PinoLogger['logger']): Promise<VersionComparison> {
    const { version, list, current } = input;
    const none = { comparedWith: current?.id ?? null, diff: null, diffObjectKey: null, snapshotObjectKey: null, holdReasons: [] };
    if (!current) return { ...none, snapshotObjectKey: await this.tableOf(input, dir, log) };
    const before = join(dir, `before-${current.id}`);
    const after = join(dir, `after-${version.id}`);
    // The current version's kept table, when the comparison that made it current kept one: its file is not read again.
    const olderSnapshot = current.snapshotObjectKey ? join(dir, `before-${current.id}.table`) : undefined;
    await Promise.all([
      this.storage.downloadTo(current.objectKey, before),
      this.storage.downloadTo(version.objectKey, after),
      olderSnapshot && this.storage.downloadTo(current.snapshotObjectKey!, olderSnapshot),
    ]);
    try {
      const settings = (list.compare as CompareSettings | null) ?? (await this.defaults(input, before));
      if (!settings) {
        log.info('no key column to compare versions by; the version is not held');
        return none;
      }
      const files = { xlsx: join(dir, 'diff.xlsx'), snapshotTo: join(dir, 'after.table'), olderSnapshot };
      const diff = await this.engine.diff(before, after, settings, files);
      const holdReasons = guardVersion(diff, guardThresholdsOf(list.guard as Partial<GuardThresholds> | null));
      const diffObjectKey = storageKeys.versionDiff(list.id, version.id, randomUUID());
      const snapshotObjectKey = storageKeys.versionTable(list.id, version.id, randomUUID());
      await this.unowned.expect(diffObjectKey);
      await this.unowned.expect(snapshotObjectKey);
      await Promise.all([this.storage.putFile(diffObjectKey, files.xlsx, XLSX_MIME), this.storage.putFile(snapshotObjectKey, files.snapshotTo, 'application/octet-stream')]);
      return { comparedWith: current.id, diff: diff as unknown as Record<string, unknown>, diffObjectKey, snapshotObjectKey, holdReasons };
    } catch (error) {
      // The engine refused a file, or ran past a bound: final, and a person decides rather than the version passing unseen.
      if (!(error instanceof EngineRejection) || !attemptOutcome(job, error, error.message).final) throw error;
      return { ...none, holdReasons: [{ code: 'compare-failed', message: PRICE_GUARD.compareFailed(error.message) }] };
    }
  }

  /** A current version compared with nothing (a list's first) gets its table kept, as a comparison keeps the newer version's. */
  private async keepCurrent(input: ComparisonInput, dir: string, log: PinoLogger['logger'], wait: OutageWait): Promise<void> {
    const key = await this.tableOf(input, dir, log);
    if (key && (await wait.database(() => this.versions.keepTable(input.version.id, key)))) log.info("the current version's table is kept for the next comparison");
  }

  /**
   * A version with nothing to compare with, read for its table alone: stored, so that the next
   * version's comparison reads only its own file. Nothing holds such a version, so a table that
   * cannot be kept (no key column, a file the engine refuses) costs only that comparison's speed.
   */
  private async tableOf(input: ComparisonInput, dir: string, log: PinoLogger['logger']): Promise<string | null> {
    const file = join(dir, `first-${input.version.id}`);
    await this.storage.downloadTo(input.version.objectKey, file);
    try {
      const settings = (input.list.compare as CompareSettings | null) ?? (await this.defaults(input, file));
      if (!settings) return null;
      const table = join(dir, 'first.table');
      await this.engine.keep(file, settings, table);
      const key = storageKeys.versionTable(input.list.id, input.version.id, randomUUID());
      await this.unowned.expect(key);
      await this.storage.putFile(key, table, 'application/octet-stream');
      return key;
    } catch (error) {
      if (!(error instanceof EngineRejection)) throw error;
      log.info({ err: error.message }, "the first version's table is not kept; the next comparison reads its file");
      return null;
    }
  }

  /** What the list's following tasks use (DESIGN §16), found in the current version by its headers. */
  private async defaults(input: ComparisonInput, current: string): Promise<CompareSettings | null> {
    const { columns } = await this.engine.columns(current, 'price');
    const tasks = input.tasks.map((t) => ({ mapping: t.mapping, priceHeaders: t.priceHeaders ?? undefined, usedKeyColumns: t.usedKeyColumns ?? undefined }));
    return defaultCompareSettings(tasks, columns.map((c) => ({ index: c.index, header: c.header })));
  }

  /** The list's followers hear of a held version (DESIGN §17); a notice that cannot be written costs only the notice. */
  private async tellHeld(input: ComparisonInput, comparison: VersionComparison, log: PinoLogger['logger']): Promise<void> {
    const { version } = input;
    const event = { priceListId: version.priceListId, versionId: version.id, fileName: version.name, reasons: comparison.holdReasons as HoldReason[] };
    await this.notifier.versionHeld(event).catch((err: Error) => log.warn({ err: err.message }, 'could not tell the list’s followers of the held version'));
  }

  /** A batch that could not be started costs only that batch: the version is current either way, and the log says why. */
  private async startRun(list: ComparisonInput['list'], versionId: string, log: PinoLogger['logger']): Promise<void> {
    const batchId = await this.runs.versionBecameCurrent(list, versionId).catch((err: Error) => {
      log.warn({ err: err.message, priceListId: list.id }, 'the list’s run by itself could not start');
      return null;
    });
    if (batchId) log.info({ batchId, priceListId: list.id, action: list.onNewVersion }, 'the list’s run by itself started');
  }
}
