import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_PREFIX } from '@app/contracts';

/** 256 bits of randomness, URL-safe: a session cookie's value or the body of a personal token. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

export const newPersonalToken = (): string => `${TOKEN_PREFIX}${newSecret()}`;

/** What is stored instead of a secret: its sha256 (the secrets are random, so no salt or slow hash is needed). */
export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');
