import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The secrets of a source (DESIGN §16): a mailbox's or an address's password, an address's token. */
export interface SourceSecrets {
  password?: string;
  token?: string;
}

const VERSION = 'v1';

/**
 * Secrets at rest (DESIGN §16): AES-256-GCM with a key derived from SECRETS_KEY (HKDF-SHA256, so
 * any long random string will do), a fresh 12-byte nonce per value, stored as
 * `v1:<nonce>:<tag>:<ciphertext>` in base64. A value sealed under another key, or changed, does
 * not open (GCM's tag): `open` throws rather than answer garbage.
 */
export class SecretBox {
  private readonly key: Buffer | null;

  /** `secretsKey`: SECRETS_KEY; without it nothing can be sealed or opened (SecretsKeyMissing). */
  constructor(secretsKey: string | undefined) {
    this.key = secretsKey ? Buffer.from(hkdfSync('sha256', secretsKey, 'price-export', 'source-secrets', 32)) : null;
  }

  get hasKey(): boolean {
    return this.key !== null;
  }

  seal(secrets: SourceSecrets): string {
    const key = this.need();
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
    return [VERSION, nonce, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64'))).join(':');
  }

  open(sealed: string): SourceSecrets {
    const key = this.need();
    const [version, nonce, tag, body] = sealed.split(':');
    if (version !== VERSION || !body) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    return JSON.parse(text) as SourceSecrets;
  }

  private need(): Buffer {
    if (!this.key) throw new SecretsKeyMissing();
    return this.key;
  }
}

/** SECRETS_KEY is not set: a secret can be neither sealed nor opened. */
export class SecretsKeyMissing extends Error {
  constructor() {
    super('SECRETS_KEY is not set');
  }
}
