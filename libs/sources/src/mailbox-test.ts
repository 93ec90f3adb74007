import { SOURCE_TEST, type MailboxSourceSettings, type SourceTestFile, type SourceTestResult } from '@app/contracts';
import { firstMatchingAttachment, messageMatches } from './mailbox-match';
import { fetchHeads, unseenCandidates } from './mailbox-poll';
import { folderOf, lockFolder, withMailbox } from './mailbox-session';
import { SourceError } from './source-error';
import type { SourceLimits } from './source-limits';

/** Files listed by a check at most; the count in its message is whole. */
const LISTED_MAX = 50;

/**
 * `Проверить подключение` of a mailbox: logs in, opens the folder read-only and lists the first
 * matching attachment of each new matching message (its name, and its size estimated from the
 * encoded one). Changes nothing: no message is marked or moved.
 */
export async function testMailbox(settings: MailboxSourceSettings, limits: SourceLimits): Promise<SourceTestResult> {
  try {
    return await withMailbox(settings, limits, async (client) => {
      const lock = await lockFolder(client, folderOf(settings), true);
      try {
        const files: SourceTestFile[] = [];
        let messages = 0;
        for await (const m of fetchHeads(client, await unseenCandidates(client, settings))) {
          if (!messageMatches(m.envelope, settings)) continue;
          messages++;
          const part = firstMatchingAttachment(m.bodyStructure, settings);
          if (part && files.length < LISTED_MAX) files.push({ name: part.fileName, size: part.approxSize });
        }
        return { ok: true, message: SOURCE_TEST.mailboxOk(messages), files };
      } finally {
        lock.release();
      }
    });
  } catch (err) {
    if (err instanceof SourceError) return { ok: false, message: err.message, files: [] };
    throw err;
  }
}
