import type { LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import { SOURCE_DEFAULTS } from '@app/contracts';

/**
 * Where a source may connect (DESIGN §16): loopback, link-local, unspecified addresses and the
 * app's own are refused unless `allowPrivate`. Checked on the address a connection is actually
 * made to (see address-guard.ts), so a name that resolves differently the second time cannot slip by.
 */
export interface NetworkPolicy {
  /** SOURCE_ALLOW_PRIVATE: every address allowed (tests, a supplier's server on this host). */
  allowPrivate: boolean;
  /** The app's own addresses (its hosts' interfaces, a load balancer's), refused like loopback. */
  ownAddresses?: readonly string[];
  /**
   * The resolver (default: the system's, `dns.lookup`). Every address it answers is still checked;
   * tests give a name an address with it.
   */
  lookup?: LookupFunction;
  /** CA certificates (PEM) trusted besides Node's own: a supplier's corporate CA, a test's self-signed server. */
  extraCa?: readonly string[];
}

export interface SourceLimits extends NetworkPolicy {
  /** The largest file taken (the upload limit, UPLOAD_MAX_MB); larger is a failure. */
  maxBytes: number;
  /** URL: the whole fetch, redirects and body included; mailbox: connecting and each answer's silence. */
  timeoutMs: number;
  /** URL: redirects followed at most (DESIGN: 5). */
  maxRedirects: number;
  /** Mailbox: new messages one poll takes at most (the rest wait for the next one, oldest first). */
  maxMessages?: number;
}

/**
 * The limits of DESIGN §16 for an app: the upload limit, 60 s, 5 redirects, and this host's own
 * interface addresses refused like loopback (unless `allowPrivate`, SOURCE_ALLOW_PRIVATE).
 */
export function appSourceLimits(maxBytes: number, allowPrivate: boolean, timeoutMs: number = SOURCE_DEFAULTS.timeoutMs): SourceLimits {
  const ownAddresses = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((i) => i.address);
  return { maxBytes, timeoutMs, maxRedirects: SOURCE_DEFAULTS.maxRedirects, maxMessages: SOURCE_DEFAULTS.maxMessages, allowPrivate, ownAddresses };
}
