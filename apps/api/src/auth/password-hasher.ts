import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt with 32 MiB of memory per hash (N = 2^15, r = 8): ~50–100 ms here, costly to guess at scale. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

const derive = (password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

/**
 * Password hashes as `scrypt$N$r$p$salt$hash` (base64), with node's own scrypt (no native
 * dependency); the parameters live in the hash, so raising them later keeps old hashes valid.
 */
export class PasswordHasher {
  /** What an unknown login is checked against, so it costs the same time as a known one. */
  private readonly dummy = this.hash(randomBytes(18).toString('base64'));

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, PARAMS);
    return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  /** Whether the password matches; a missing hash (unknown login, single-sign-on user) is checked against a dummy and fails. */
  async verify(password: string, stored: string | null | undefined): Promise<boolean> {
    const hash = stored ?? (await this.dummy);
    const [scheme, n, r, p, salt, expected] = hash.split('$');
    if (scheme !== 'scrypt' || !salt || !expected) return false;
    const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
    const want = Buffer.from(expected, 'base64');
    return key.length === want.length && timingSafeEqual(key, want) && stored !== null && stored !== undefined;
  }
}
