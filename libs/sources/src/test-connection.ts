import type { SourceConnection, SourceTestResult } from '@app/contracts';
import { testMailbox } from './mailbox-test';
import type { SourceLimits } from './source-limits';
import { testUrl } from './url-fetch';

/** `POST …/source/test` for either kind: whether it connects, and the files it sees; no version is made. */
export function testConnection(source: SourceConnection, limits: SourceLimits): Promise<SourceTestResult> {
  return source.kind === 'url' ? testUrl(source, limits) : testMailbox(source, limits);
}
