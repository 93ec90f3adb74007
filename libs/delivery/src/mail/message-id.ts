import { randomUUID } from 'node:crypto';

/**
 * A Message-ID of the sender's domain, chosen before a message is first tried and kept for every
 * retry (DESIGN §17): a retry after an unknown outcome (a worker killed after the server took the
 * message) carries the same id, which mail systems use to recognise the copy.
 */
export function newMessageId(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase() || 'localhost';
  return `<${randomUUID()}@${domain}>`;
}
