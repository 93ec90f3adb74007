import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import { SOURCE_DEFAULTS, SOURCE_ERR, type MailboxSourceSettings } from '@app/contracts';
import { saveStream, TooBigError, type SavedFile } from './file-sink';
import { firstMatchingAttachment, fromSearch, messageMatches, senderOf, type AttachmentPart } from './mailbox-match';
import { folderOf, lockFolder, withMailbox } from './mailbox-session';
import type { SourceErrorCode } from './source-error';
import type { SourceLimits } from './source-limits';

/** Where a message is, to mark and move it once the caller has recorded it. */
export interface MailMessageRef {
  /** The Message-ID header, else `<folder>:<UIDVALIDITY>:<UID>`: what the caller keeps so a message is taken once. */
  messageId: string;
  folder: string;
  uidValidity: string;
  uid: number;
}

export interface MailAttachment extends SavedFile {
  path: string;
  fileName: string;
  contentType: string;
}

interface PolledBase {
  messageId: string;
  /** The sender's address. */
  from: string;
  subject: string;
  /** The Date header, else when the server received it. */
  date: Date | null;
  ref: MailMessageRef;
}

/** A new matching message: its first matching attachment saved, or why there is none to take. */
export type PolledMessage =
  | (PolledBase & { outcome: 'file'; attachment: MailAttachment })
  | (PolledBase & { outcome: 'failed'; failure: { code: SourceErrorCode; message: string } });

export interface MailboxPollResult {
  /** New matching messages (not taken before), oldest first. */
  messages: PolledMessage[];
  /** Messages the caller has taken already but that are still unseen (a crash before settling): settle them too. */
  pending: MailMessageRef[];
  /** More new messages wait than `maxMessages`: the next poll takes them. */
  more: boolean;
}

/** Is this message recorded already (a version or a failed run)? */
export type AlreadyTaken = (messageId: string) => boolean | Promise<boolean>;

const FETCH_BATCH = 200;

/** The attachment saved at `path`; 'too-big' past the limit; null when the message is gone (deleted meanwhile). */
async function save(client: ImapFlow, uid: number, part: AttachmentPart, path: string, maxBytes: number): Promise<SavedFile | 'too-big' | null> {
  // One byte past the limit is enough to know it is too big; imapflow fetches in chunks, so no more crosses the wire.
  const download = await client.download(String(uid), part.part, { uid: true, maxBytes: maxBytes + 1, decodeText: false });
  if (!download.content) return null;
  try {
    return await saveStream(download.content, path, maxBytes);
  } catch (err) {
    if (err instanceof TooBigError) return 'too-big';
    throw err;
  }
}

async function takeOne(client: ImapFlow, m: FetchMessageObject, base: PolledBase, settings: MailboxSourceSettings, limits: SourceLimits, saveDir: string): Promise<PolledMessage | null> {
  const part = firstMatchingAttachment(m.bodyStructure, settings);
  const glob = (settings.fileName ?? '').trim() || null;
  if (!part) return { ...base, outcome: 'failed', failure: { code: 'no-attachment', message: SOURCE_ERR.noAttachment(glob) } };
  const path = join(saveDir, `${randomUUID()}.part`);
  const saved = await save(client, m.uid, part, path, limits.maxBytes);
  if (saved === null) return null;
  if (saved === 'too-big') return { ...base, outcome: 'failed', failure: { code: 'too-big', message: SOURCE_ERR.attachmentTooBig(part.fileName, limits.maxBytes) } };
  return { ...base, outcome: 'file', attachment: { path, fileName: part.fileName, contentType: part.contentType, ...saved } };
}

/** The unseen messages that may match, UIDs ascending (the server prefilters by sender). */
export async function unseenCandidates(client: ImapFlow, settings: MailboxSourceSettings): Promise<number[]> {
  const uids = await client.search({ seen: false, ...fromSearch(settings) }, { uid: true });
  return (uids || []).sort((a, b) => a - b);
}

export async function* fetchHeads(client: ImapFlow, uids: number[]): AsyncGenerator<FetchMessageObject> {
  for (let i = 0; i < uids.length; i += FETCH_BATCH) {
    const batch = await client.fetchAll(uids.slice(i, i + FETCH_BATCH).join(','), { uid: true, envelope: true, bodyStructure: true, internalDate: true }, { uid: true });
    yield* batch.sort((a, b) => a.uid - b.uid);
  }
}

/**
 * Phase one of a mailbox poll (DESIGN §16): finds the new (unseen) messages of the folder that pass
 * the filters and were not taken before (`alreadyTaken`), oldest first, and saves each one's first
 * matching attachment into `saveDir` (streamed, with the size limit). It changes nothing on the
 * server: the caller records each message (a version, or a failed run with `failure.message`),
 * then calls settleMailbox with their refs and `pending`. A crash in between loses nothing and
 * takes nothing twice: the message is still unseen, and the next poll finds it taken already and
 * hands it back in `pending` to settle.
 */
export async function pollMailbox(settings: MailboxSourceSettings, alreadyTaken: AlreadyTaken, limits: SourceLimits, saveDir: string): Promise<MailboxPollResult> {
  const folder = folderOf(settings);
  const max = limits.maxMessages ?? SOURCE_DEFAULTS.maxMessages;
  return withMailbox(settings, limits, async (client) => {
    const lock = await lockFolder(client, folder, true);
    try {
      const uidValidity = String(client.mailbox ? client.mailbox.uidValidity : '');
      const result: MailboxPollResult = { messages: [], pending: [], more: false };
      const seen = new Set<string>();
      for await (const m of fetchHeads(client, await unseenCandidates(client, settings))) {
        if (!messageMatches(m.envelope, settings)) continue;
        const messageId = m.envelope?.messageId?.trim() || `${folder}:${uidValidity}:${m.uid}`;
        const ref = { messageId, folder, uidValidity, uid: m.uid };
        // A copy of a message met earlier in this poll is settled with it.
        if (seen.has(messageId) || (await alreadyTaken(messageId))) {
          result.pending.push(ref);
          continue;
        }
        if (result.messages.length >= max) {
          result.more = true;
          break;
        }
        seen.add(messageId);
        const date = m.envelope?.date ?? m.internalDate;
        const base: PolledBase = { messageId, from: senderOf(m.envelope), subject: m.envelope?.subject ?? '', date: date ? new Date(date) : null, ref };
        const taken = await takeOne(client, m, base, settings, limits, saveDir);
        if (taken) result.messages.push(taken);
      }
      return result;
    } finally {
      lock.release();
    }
  });
}

/**
 * Phase two: marks the recorded messages seen and, when the source has a processedFolder, moves
 * them there (creating it if the mailbox has none). Idempotent: a message already settled is
 * simply not found. A ref from before a UIDVALIDITY change is found by its Message-ID.
 */
export async function settleMailbox(settings: MailboxSourceSettings, refs: readonly MailMessageRef[], limits: SourceLimits): Promise<void> {
  if (refs.length === 0) return;
  const processed = (settings.processedFolder ?? '').trim();
  await withMailbox(settings, limits, async (client) => {
    for (const folder of new Set(refs.map((r) => r.folder))) {
      const lock = await lockFolder(client, folder, false);
      try {
        const uidValidity = String(client.mailbox ? client.mailbox.uidValidity : '');
        const uids: number[] = [];
        for (const ref of refs.filter((r) => r.folder === folder)) {
          if (ref.uidValidity === uidValidity) uids.push(ref.uid);
          else if (ref.messageId.startsWith('<')) uids.push(...((await client.search({ header: { 'message-id': ref.messageId } }, { uid: true })) || []));
        }
        if (uids.length === 0) continue;
        const range = uids.join(',');
        await client.messageFlagsAdd(range, ['\\Seen'], { uid: true });
        if (processed === '' || processed === folder) continue;
        const boxes = await client.list();
        if (!boxes.some((box) => box.path === processed)) await client.mailboxCreate(processed);
        await client.messageMove(range, processed, { uid: true });
      } finally {
        lock.release();
      }
    }
  });
}
