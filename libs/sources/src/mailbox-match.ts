import picomatch from 'picomatch';
import type { MessageEnvelopeObject, MessageStructureObject } from 'imapflow';
import type { MailboxSourceSettings } from '@app/contracts';
import { safeFileName } from './file-name';

/** A file attached to a message, as its structure describes it (before any byte is fetched). */
export interface AttachmentPart {
  /** The body part to fetch (`2`, `1.3`). */
  part: string;
  fileName: string;
  contentType: string;
  /**
   * The decoded size, estimated from the encoded one (base64 lines of 76 characters): the server
   * reports only the latter. Exact for other encodings.
   */
  approxSize: number;
}

const blank = (s: string | null | undefined) => (s ?? '').trim() === '';

/** The sender's address, lower-cased ('' when the message has none). */
export const senderOf = (envelope: MessageEnvelopeObject | undefined) => (envelope?.from?.[0]?.address ?? '').trim().toLowerCase();

/**
 * Whether a message passes the source's sender and subject filters: `from` is a whole address, or
 * `@domain` for any address of that domain (not its subdomains); `subjectContains` any case.
 */
export function messageMatches(envelope: MessageEnvelopeObject | undefined, settings: MailboxSourceSettings): boolean {
  const from = (settings.from ?? '').trim().toLowerCase();
  if (from !== '') {
    const sender = senderOf(envelope);
    if (from.startsWith('@') ? !sender.endsWith(from) : sender !== from) return false;
  }
  if (!blank(settings.subjectContains)) {
    const subject = (envelope?.subject ?? '').toLowerCase();
    if (!subject.includes(settings.subjectContains!.trim().toLowerCase())) return false;
  }
  return true;
}

function approxDecodedSize(node: MessageStructureObject): number {
  const size = node.size ?? 0;
  return (node.encoding ?? '').toLowerCase() === 'base64' ? Math.floor(((size * 3) / 4) * (76 / 78)) : size;
}

/** Every part of a message that carries a file name (attached or inline), in the order a mail client shows them. */
export function attachmentsOf(structure: MessageStructureObject | undefined): AttachmentPart[] {
  const found: AttachmentPart[] = [];
  const walk = (node: MessageStructureObject) => {
    if (node.childNodes?.length) return node.childNodes.forEach(walk);
    const raw = node.dispositionParameters?.filename ?? node.parameters?.name;
    const fileName = raw ? safeFileName(raw) : null;
    if (fileName) found.push({ part: node.part ?? '1', fileName, contentType: node.type, approxSize: approxDecodedSize(node) });
  };
  if (structure) walk(structure);
  return found;
}

/** The first attachment whose name matches the source's glob (any case); any attachment when it has none. */
export function firstMatchingAttachment(structure: MessageStructureObject | undefined, settings: MailboxSourceSettings): AttachmentPart | null {
  const glob = (settings.fileName ?? '').trim();
  const matches = glob === '' ? () => true : picomatch(glob, { nocase: true, dot: true });
  return attachmentsOf(structure).find((a) => matches(a.fileName)) ?? null;
}

/** The server-side part of the sender filter (SEARCH FROM is a substring match; messageMatches decides). */
export function fromSearch(settings: MailboxSourceSettings): { from: string } | Record<string, never> {
  const from = (settings.from ?? '').trim();
  return from === '' ? {} : { from };
}
