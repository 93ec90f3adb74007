import { ConfigError, defaultQueuePrefix, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('derives the queue prefix from the database name, so instances with their own database never meet', () => {
    expect(loadConfig({}).QUEUE_PREFIX).toBe('price-export:price_export');
    const a = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop_a' });
    const b = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop_b' });
    expect(a.QUEUE_PREFIX).toBe('price-export:shop_a');
    expect(b.QUEUE_PREFIX).not.toBe(a.QUEUE_PREFIX);
  });

  it('keeps an explicit QUEUE_PREFIX and makes any database name a valid prefix', () => {
    expect(loadConfig({ QUEUE_PREFIX: 'mine' }).QUEUE_PREFIX).toBe('mine');
    expect(defaultQueuePrefix('postgres://h/%D0%BF%D1%80%D0%B0%D0%B9%D1%81 x')).toMatch(/^price-export:[A-Za-z0-9_-]+$/);
    expect(defaultQueuePrefix('postgres://h')).toBe('price-export:postgres');
  });

  it("validates the launcher's own settings with the rest", () => {
    expect(loadConfig({ WORKERS: '3' }).WORKERS).toBe(3);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS: expected an integer 1–64/);
  });

  it('names every bad variable in one line', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', REDIS_URL: 'nope' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toBe('Invalid configuration: PORT: expected an integer 1–65535; REDIS_URL: expected a redis: or rediss: URL');
  });

  it('takes the mail settings (DESIGN §17) and names a wrong one', () => {
    const c = loadConfig({ SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465', MAIL_FROM: 'Прайсы <prices@example.com>' });
    expect(c.SMTP_URL).toBe('smtps://user:p%40ss@mail.example.com:465');
    expect([c.MAIL_MAX_MB, c.MAIL_TIMEZONE]).toEqual([20, 'Europe/Moscow']);
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: expected smtp:\/\//);
    expect(() => loadConfig({ MAIL_FROM: 'Прайсы <prices@example.com>\r\nBcc: x@y.z' })).toThrow(/MAIL_FROM: expected an address/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_TIMEZONE: 'Mars/Olympus' })).toThrow(/MAIL_TIMEZONE: expected an IANA time zone/);
    expect(() => loadConfig({ MAIL_MAX_MB: '0' })).toThrow(/MAIL_MAX_MB: expected an integer 1–1024/);
  });

  it('refuses in production a guessable first admin', () => {
    const prod = { NODE_ENV: 'production' };
    expect(() => loadConfig({ ...prod, ADMIN_USER: 'admin', ADMIN_PASSWORD: 'long-enough-secret' })).toThrow(/ADMIN_USER: must not be the default/);
    expect(() => loadConfig({ ...prod, ADMIN_USER: 'ops', ADMIN_PASSWORD: 'short-pass' })).toThrow(/ADMIN_PASSWORD: at least 12 characters/);
    expect(loadConfig({ ...prod, ADMIN_USER: 'ops', ADMIN_PASSWORD: 'long-enough-secret' }).ADMIN_USER).toBe('ops');
    expect(loadConfig({ ADMIN_PASSWORD: 'admin' }).ADMIN_PASSWORD).toBe('admin');
  });

  it('takes single sign-on only with its issuer, client id and secret together', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example.com/realms/staff' })).toThrow(
      /OIDC_CLIENT_ID: required when single sign-on is configured.*OIDC_CLIENT_SECRET: required/,
    );
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toThrow(/OIDC_ISSUER_URL: expected an http or https URL/);
    const sso = loadConfig({ OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'price-export', OIDC_CLIENT_SECRET: 's' });
    expect(sso).toMatchObject({ OIDC_NAME: 'SSO', AUDIT_RETENTION_DAYS: 365 });
  });

  it('trusts the loopback proxy by default; TRUST_PROXY takes a hop count or a list of addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,192.0.2.7, fd00::/8' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', '192.0.2.7', 'fd00::/8']);
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1,', '21']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: expected a hop count \(0–20\) or a comma-separated list of loopback/);
    }
  });

  it('takes PUBLIC_URL as the origin users open and refuses anything else with the reason', () => {
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://prices.example.com/' }).PUBLIC_URL).toBe('https://prices.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://10.1.2.3:8080' }).PUBLIC_URL).toBe('http://10.1.2.3:8080');
    for (const bad of ['prices.example.com', 'ftp://prices.example.com', 'https://prices.example.com/app', 'https://prices.example.com/?a=1', 'https://u:p@prices.example.com']) {
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(
        'Invalid configuration: PUBLIC_URL: expected the http or https address users open, with no path, query or fragment (e.g. https://prices.example.com)',
      );
    }
  });

  it('serves metrics only when told how: METRICS_TOKEN (16+ printable characters) and/or a METRICS_PORT of their own', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({}).METRICS_PORT).toBe(0);
    expect(loadConfig({ METRICS_TOKEN: 'a-long-metrics-token', METRICS_PORT: '9464' })).toMatchObject({ METRICS_TOKEN: 'a-long-metrics-token', METRICS_PORT: 9464 });
    for (const bad of ['short', 'has a space in it, long enough', 'кириллица-не-годится-для-заголовка']) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow('Invalid configuration: METRICS_TOKEN: expected at least 16 printable characters, no spaces');
    }
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow('Invalid configuration: METRICS_PORT: must differ from PORT');
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT: expected an integer 0–65535/);
  });
});
