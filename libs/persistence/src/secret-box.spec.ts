import { SecretBox, SecretsKeyMissing } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('a-long-random-secrets-key-for-the-test-0123456789');

  it('opens what it sealed, and the sealed text holds none of the secret', () => {
    const sealed = box.seal({ password: 'пароль-от-почты', token: 'tok_123' });
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('пароль');
    expect(sealed).not.toContain('tok_123');
    expect(box.open(sealed)).toEqual({ password: 'пароль-от-почты', token: 'tok_123' });
  });

  it('seals the same secret differently each time (a fresh nonce)', () => {
    expect(box.seal({ password: 'x' })).not.toBe(box.seal({ password: 'x' }));
  });

  it('without a key, neither seals nor opens', () => {
    const none = new SecretBox(undefined);
    expect(none.hasKey).toBe(false);
    expect(() => none.seal({ password: 'x' })).toThrow(SecretsKeyMissing);
    expect(() => none.open(box.seal({ password: 'x' }))).toThrow(SecretsKeyMissing);
  });

  it('refuses a value sealed under another key, or changed', () => {
    const sealed = box.seal({ password: 'x' });
    expect(() => new SecretBox('another-long-random-secrets-key-0123456789abcdef').open(sealed)).toThrow();
    const [v, nonce, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body, 'base64');
    flipped[0] ^= 1;
    expect(() => box.open([v, nonce, tag, flipped.toString('base64')].join(':'))).toThrow();
    expect(() => box.open('plain text')).toThrow();
  });
});
