import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as systemLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { SOURCE_ERR } from '@app/contracts';
import { SourceError } from './source-error';
import type { NetworkPolicy } from './source-limits';

/** Loopback, link-local and unspecified ranges (IPv4-mapped IPv6 addresses match the IPv4 rules). */
function privateRanges(): BlockList {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addSubnet('169.254.0.0', 16, 'ipv4');
  list.addSubnet('0.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  list.addAddress('::', 'ipv6');
  list.addSubnet('fe80::', 10, 'ipv6');
  return list;
}

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * The addresses a source may not reach. `check` answers whether an address (IPv4 or IPv6, without
 * brackets) is refused; `lookup` is a resolver for http/net/tls connect options that refuses a name
 * resolving to such an address, at the moment of connecting; `assertHost` refuses an IP literal
 * (a connection to a literal asks no resolver).
 */
export class AddressGuard {
  private readonly refused: BlockList | null;
  private readonly resolve: LookupFunction;

  constructor(policy: NetworkPolicy) {
    this.resolve = policy.lookup ?? (systemLookup as unknown as LookupFunction);
    if (policy.allowPrivate) {
      this.refused = null;
      return;
    }
    this.refused = privateRanges();
    for (const own of policy.ownAddresses ?? []) {
      if (isIP(own)) this.refused.addAddress(own, family(own));
    }
  }

  isRefused(address: string): boolean {
    return this.refused !== null && isIP(address) !== 0 && this.refused.check(address, family(address));
  }

  /** Refuses `host` (a URL's hostname, IPv6 in brackets or not) when it is a refused IP literal. */
  assertHost(host: string): void {
    const bare = host.replace(/^\[(.*)\]$/, '$1');
    if (this.isRefused(bare)) throw new SourceError('private-address', SOURCE_ERR.privateAddress(host));
  }

  /** For connect options: resolves as usual, then fails the connection if any answer is refused. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    const done = callback as (err: Error | null, address: string | LookupAddress[], family?: number) => void;
    this.resolve(hostname, options as LookupOneOptions & LookupAllOptions, (err, address, fam) => {
      if (err) return done(err, address as string, fam);
      const all = Array.isArray(address) ? address.map((a) => a.address) : [address];
      if (all.some((a) => this.isRefused(a))) {
        return done(new SourceError('private-address', SOURCE_ERR.privateAddress(hostname)), address as string, fam);
      }
      done(null, address as string, fam);
    });
  };
}
