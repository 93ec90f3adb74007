import { scrypt } from 'node:crypto';
import { PasswordHasher } from './password-hasher';

jest.mock('node:crypto', () => {
  const actual = jest.requireActual<typeof import('node:crypto')>('node:crypto');
  return { ...actual, scrypt: jest.fn(actual.scrypt) };
});

const scryptCalls = scrypt as unknown as jest.Mock;
/** What one scrypt call was asked to do, without the password and salt. */
const work = (call: unknown[]) => ({ keyLength: call[2], options: call[3] });

describe('PasswordHasher', () => {
  it('checks a password against a missing hash (an unknown login) with one scrypt of the same cost as a real hash', async () => {
    const hasher = new PasswordHasher();
    const stored = await hasher.hash('the-right-password');
    await hasher.verify('warm-up', undefined); // the dummy hash is made once, at first use
    scryptCalls.mockClear();

    expect(await hasher.verify('a-wrong-password', stored)).toBe(false);
    expect(await hasher.verify('a-wrong-password', undefined)).toBe(false);
    expect(await hasher.verify('the-right-password', null)).toBe(false);
    expect(scryptCalls.mock.calls).toHaveLength(3);
    const [known, unknown, noHash] = scryptCalls.mock.calls.map(work);
    expect(unknown).toEqual(known);
    expect(noHash).toEqual(known);
    expect(await hasher.verify('the-right-password', stored)).toBe(true);
  });
});
