import type { Job } from 'bullmq';
import type { SourceRunOutcome } from '@app/contracts';
import type { Actor, PriceListSourceEntity, PriceListSourceRunEntity } from '@app/persistence';
import type { SourceLimits } from '@app/sources';

/** How a poll ended, as its run records it (DESIGN §16). */
export interface PollResult {
  outcome: SourceRunOutcome;
  message: string;
  versionId: string | null;
  /** An address's validators, for the next conditional GET. */
  fetched?: { etag: string | null; lastModified: string | null };
}

/** What a poll of either kind works with. */
export interface PollContext {
  source: PriceListSourceEntity;
  run: PriceListSourceRunEntity;
  /** This poll's temporary folder. */
  dir: string;
  job: Job;
  /** Who the versions it makes are by: the person who pressed `Проверить сейчас`, or Автоматически. */
  actor: Actor;
  limits: SourceLimits;
}
