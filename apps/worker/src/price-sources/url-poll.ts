import { Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { join } from 'node:path';
import { SOURCE_RUN_TEXT, type UrlSourceSettings } from '@app/contracts';
import { PriceListSourcesRepository, PriceListVersionsRepository } from '@app/persistence';
import { fetchUrl } from '@app/sources';
import { VersionDiffJobRunner } from '../price-versions/version-diff-job.runner';
import type { PollContext, PollResult } from './poll-result';
import { NotAPriceList, VersionIntake } from './version-intake';
import { settledResult } from './settled-result';

/**
 * A poll of an address (DESIGN §16): one conditional GET with the last answer's validators and
 * the newest version's sha256 (a 304 or the same file: `unchanged`); a new file becomes a version,
 * compared and settled at once. The run records the version it made as soon as it is made, so a
 * poll taken up again after its worker died compares that version instead of fetching again.
 */
@Injectable()
export class UrlPoll {
  constructor(
    private readonly sources: PriceListSourcesRepository,
    private readonly versions: PriceListVersionsRepository,
    private readonly intake: VersionIntake,
    private readonly diffs: VersionDiffJobRunner,
    private readonly logger: PinoLogger,
  ) {}

  async poll(settings: UrlSourceSettings, ctx: PollContext): Promise<PollResult> {
    const { source, run } = ctx;
    const log = this.logger.logger.child({ jobId: ctx.job.id, priceListId: source.priceListId });
    if (run.versionId) return this.settled(run.versionId, ctx, log);
    const newest = await this.versions.newest(source.priceListId);
    const previous = { etag: source.etag ?? undefined, lastModified: source.lastModified ?? undefined, sha256: newest?.sha256.trim() };
    const fetched = await fetchUrl(settings, previous, ctx.limits, join(ctx.dir, 'fetched'));
    // A 304 answers no validators: the stored ones stay good.
    const validators = fetched.etag || fetched.lastModified ? { etag: fetched.etag, lastModified: fetched.lastModified } : { etag: source.etag, lastModified: source.lastModified };
    if (fetched.outcome === 'unchanged') return { outcome: 'unchanged', message: SOURCE_RUN_TEXT.unchanged, versionId: null, fetched: validators };
    let versionId: string | null;
    try {
      versionId = await this.intake.add(ctx.actor, source.priceListId, fetched, 'url');
    } catch (error) {
      if (error instanceof NotAPriceList) return { outcome: 'failed', message: error.message, versionId: null, fetched: validators };
      throw error;
    }
    if (!versionId) return { outcome: 'failed', message: SOURCE_RUN_TEXT.failed('прайс удалён'), versionId: null };
    await this.sources.runMadeVersion(run.id, versionId);
    return { ...(await this.settled(versionId, ctx, log)), fetched: validators };
  }

  private async settled(versionId: string, ctx: PollContext, log: PinoLogger['logger']): Promise<PollResult> {
    await this.diffs.settle(versionId, ctx.job, log);
    return settledResult(await this.versions.byId(versionId), versionId);
  }
}
