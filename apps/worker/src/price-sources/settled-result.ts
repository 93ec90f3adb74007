import { SOURCE_RUN_TEXT } from '@app/contracts';
import type { PriceListVersionEntity } from '@app/persistence';
import type { PollResult } from './poll-result';

/**
 * A poll's run once the version it made is compared (DESIGN §16): current (`new-version`), held
 * with its reasons, or still pending (its comparison goes on; the reconciler sees to it).
 */
export function settledResult(version: PriceListVersionEntity | null, versionId: string): PollResult {
  const name = version?.name ?? '';
  if (version?.status === 'held') {
    const reasons = (version.holdReasons ?? []).map((r) => r.message).join('; ');
    return { outcome: 'held', message: SOURCE_RUN_TEXT.held(name, reasons), versionId };
  }
  if (version?.status === 'pending') return { outcome: 'new-version', message: SOURCE_RUN_TEXT.pending(name), versionId };
  return { outcome: 'new-version', message: SOURCE_RUN_TEXT.newVersion(name), versionId };
}
