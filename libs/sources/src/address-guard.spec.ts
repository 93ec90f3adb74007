import { AddressGuard } from './address-guard';
import { imapTransport } from './mailbox-session';

describe('AddressGuard', () => {
  const guard = new AddressGuard({ allowPrivate: false, ownAddresses: ['10.0.0.5', '2001:db8::5'] });

  it.each(['127.0.0.1', '127.255.0.9', '169.254.169.254', '0.0.0.0', '::1', '::', 'fe80::1', 'febf::ff', '::ffff:127.0.0.1', '::ffff:169.254.1.1', '10.0.0.5', '2001:db8::5'])(
    'refuses %s',
    (address) => expect(guard.isRefused(address)).toBe(true),
  );

  it.each(['10.0.0.6', '192.168.1.10', '8.8.8.8', '2001:db8::6', 'fec0::1', '::ffff:8.8.8.8'])('lets %s through', (address) => expect(guard.isRefused(address)).toBe(false));

  it('refuses a literal host with or without brackets, and lets names through to the resolver', () => {
    expect(() => guard.assertHost('[::1]')).toThrow(/внутреннюю служебную сеть/);
    expect(() => guard.assertHost('169.254.169.254')).toThrow();
    expect(() => guard.assertHost('localhost')).not.toThrow();
  });

  it('refuses nothing with allowPrivate', () => {
    const open = new AddressGuard({ allowPrivate: true, ownAddresses: ['10.0.0.5'] });
    expect(['127.0.0.1', '::1', '169.254.169.254', '10.0.0.5'].some((a) => open.isRefused(a))).toBe(false);
  });
});

describe('imapTransport', () => {
  it('encrypts by default: STARTTLS required on 143, TLS from the first byte elsewhere; cleartext only when told', () => {
    expect(imapTransport(993, undefined)).toEqual({ secure: true });
    expect(imapTransport(143, true)).toEqual({ secure: false, doSTARTTLS: true });
    expect(imapTransport(10993, null)).toEqual({ secure: true });
    expect(imapTransport(143, false)).toEqual({ secure: false, doSTARTTLS: false });
  });
});
