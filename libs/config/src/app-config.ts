import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every setting comes from the environment, validated once at boot. Defaults match
 * `.env.example`; a bad value stops the process with one line naming the variable.
 */
const int = (def: number, min: number, max: number) =>
  z.coerce
    .number({ error: `expected an integer ${min}–${max}` })
    .int(`expected an integer ${min}–${max}`)
    .min(min, `expected an integer ${min}–${max}`)
    .max(max, `expected an integer ${min}–${max}`)
    .default(def);
const url = (def: string, protocols: string[]) =>
  z
    .string()
    .default(def)
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `expected a ${protocols.join(' or ')} URL`);
const TRUST_PROXY_HINT = 'expected a hop count (0–20) or a comma-separated list of loopback, linklocal, uniquelocal, IP addresses and CIDR ranges (10.0.0.0/8)';
const trustEntry = (entry: string): boolean => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  const family = isIP(ip);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};
/**
 * Express's 'trust proxy': which proxies' X-Forwarded-For / -Proto / -Host count. A number trusts
 * that many hops in front of the API, whatever their addresses; a list trusts those addresses.
 * `true` (trust anyone) is refused: any client could then pick its own address and dodge the
 * sign-in throttle.
 */
const trustProxy = z
  .string()
  .default('loopback')
  .transform((v, ctx): number | string[] => {
    if (/^\d+$/.test(v.trim())) {
      const hops = Number(v);
      if (hops <= 20) return hops;
    } else {
      const entries = v.split(',').map((e) => e.trim());
      if (entries.every(trustEntry)) return entries;
    }
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HINT });
    return z.NEVER;
  });
/** The address users open, as an origin without a trailing slash: `https://prices.example.com`. */
const publicUrl = z
  .string()
  .transform((v, ctx) => {
    try {
      const u = new URL(v);
      if (['http:', 'https:'].includes(u.protocol) && u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password) return u.origin;
    } catch {
      // Reported below like any other bad value.
    }
    ctx.addIssue({ code: 'custom', message: 'expected the http or https address users open, with no path, query or fragment (e.g. https://prices.example.com)' });
    return z.NEVER;
  })
  .optional();

export const DEFAULT_ADMIN = { user: 'admin', password: 'admin' } as const;

/** `smtp://user:pass@host:587` (STARTTLS) or `smtps://user:pass@host:465` (TLS from the start), no path. */
const smtpUrl = z
  .string()
  .refine((v) => {
    try {
      const u = new URL(v);
      return ['smtp:', 'smtps:'].includes(u.protocol) && !!u.hostname && (u.pathname === '' || u.pathname === '/') && !u.hash;
    } catch {
      return false;
    }
  }, 'expected smtp://[user:password@]host[:port] (STARTTLS) or smtps://… (TLS from the start)')
  .optional();
/** An address, or `Name <address>`, with no line breaks (it becomes the From header). */
const mailFrom = z
  .string()
  .default('Прайс-экспорт <price-export@localhost>')
  .refine((v) => !/[\r\n]/.test(v) && /^(?:[^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/.test(v.trim()), 'expected an address or "Name <address>"');
const timeZone = z
  .string()
  .default('Europe/Moscow')
  .refine((v) => {
    try {
      new Intl.DateTimeFormat('ru-RU', { timeZone: v });
      return true;
    } catch {
      return false;
    }
  }, 'expected an IANA time zone such as Europe/Moscow');

const text = (def: string) => z.string().min(1, 'must not be empty').default(def);
/** true or false as an environment writes it (`True` from a YAML boolean, `1`/`0`). */
const flag = (def: boolean) =>
  z
    .string()
    .default(def ? 'true' : 'false')
    .transform((v, ctx) => {
      const lower = v.trim().toLowerCase();
      if (['true', '1'].includes(lower)) return true;
      if (['false', '0'].includes(lower)) return false;
      ctx.addIssue({ code: 'custom', message: 'expected true or false' });
      return z.NEVER;
    });

/** What an operator sets: where the services are, the admin login, how many workers. */
const operatorSettings = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: text('0.0.0.0'),
  PORT: int(3000, 1, 65535),
  DATABASE_URL: url('postgres://postgres@127.0.0.1:5432/price_export', ['postgres:', 'postgresql:']),
  REDIS_URL: url('redis://127.0.0.1:6379', ['redis:', 'rediss:']),
  S3_ENDPOINT: url('http://127.0.0.1:9000', ['http:', 'https:']),
  S3_ACCESS_KEY: text('minioadmin'),
  S3_SECRET_KEY: text('minioadmin'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected an S3 bucket name').default('price-export'),
  S3_REGION: text('us-east-1'),
  ADMIN_USER: text('admin'),
  ADMIN_PASSWORD: text('admin'),
  /** Worker processes `npm start` runs; with Compose, `--scale worker=N`. */
  WORKERS: int(1, 1, 64),
  /** Exports at once per worker process. */
  WORKER_CONCURRENCY: int(8, 1, 64),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Single sign-on (DESIGN §13): all three set, or none. */
  OIDC_ISSUER_URL: z
    .string()
    .refine((v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, 'expected an http or https URL')
    .optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The sign-in page's button: `Войти через {OIDC_NAME}`. */
  OIDC_NAME: text('SSO'),
  /** Single sign-on users whose `groups` claim holds it are admins, checked at every sign-in (else staff). */
  OIDC_ADMIN_GROUP: z.string().optional(),
  /** How long the audit log keeps its events. */
  AUDIT_RETENTION_DAYS: int(365, 1, 36_500),
  /** Which proxies in front of the API say who the client is and whether it came over HTTPS. */
  TRUST_PROXY: trustProxy,
  /** The address users open (OIDC redirect_uri, Secure cookies when https); unset: each request's own. */
  PUBLIC_URL: publicUrl,
  /** Encrypts price-list sources' passwords and tokens at rest (DESIGN §16); required once a source has one. */
  SECRETS_KEY: z.string().min(32, 'at least 32 characters (a long random string, e.g. openssl rand -base64 48)').optional(),
  /** Bearer token of `GET /metrics` (DESIGN §18) on the API's port and on the workers' health port; unset: the API's port serves no metrics. */
  METRICS_TOKEN: z.string().regex(/^[\x21-\x7e]{16,}$/, 'expected at least 16 printable characters, no spaces').optional(),
  /** A port of the API (on HOST) that serves only `GET /metrics`, no token asked; 0 = none. */
  METRICS_PORT: int(0, 0, 65535),
  /** Mail out (DESIGN §17); unset: messages are written to DATA_DIR/outbox as .eml files (not in production). */
  SMTP_URL: smtpUrl,
  MAIL_FROM: mailFrom,
  /** The largest export sent as an attachment. */
  MAIL_MAX_MB: int(20, 1, 1024),
};

/** Tuning: rarely changed; README says why each exists. */
const tuningSettings = {
  /** Unset: derived from the database name, so instances with their own database never share a queue. */
  QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9_:-]+$/, 'letters, digits, _ : - only').optional(),
  UPLOAD_MAX_MB: int(25, 1, 1024),
  GENERATE_TIMEOUT_MS: int(120_000, 100, 3_600_000),
  /** Idle keep-alive connections of the API: longer than the proxies' in front (nginx 75 s, load balancers 60 s). */
  KEEP_ALIVE_TIMEOUT_MS: int(75_000, 1_000, 600_000),
  JOB_LOCK_MS: int(30_000, 1_000, 600_000),
  EXPORT_RETENTION_DAYS: int(30, 1, 36_500),
  HOUSEKEEPING_EVERY_MS: int(3_600_000, 1_000, 86_400_000),
  /**
   * Longest silence of one storage call before it fails as storage down. Short enough that an
   * export's three attempts and their back-off (2 s + 4 s) end inside a 30 s generate wait
   * (3 × 5 s + 6 s = 21 s), so a frozen storage answers 503, not 504 (DESIGN §15).
   */
  STORAGE_TIMEOUT_MS: int(5_000, 100, 600_000),
  /** How long a replaced upload (and an object whose writer died) is kept before housekeeping removes it. */
  STORAGE_GRACE_MS: int(3_600_000, 1_000, 604_800_000),
  WORKER_HEALTH_PORT: int(0, 0, 65535),
  /** The heap of one engine thread (DESIGN §15): a file that needs more is refused, the worker lives on. */
  ENGINE_THREAD_HEAP_MB: int(1024, 64, 16_384),
  /** The longest one engine request (an export, a check, a file's columns…) may run before its file is refused. */
  ENGINE_JOB_TIMEOUT_MS: int(120_000, 100, 3_600_000),
  /** Memory a worker may fill with exports; 0 = three quarters of the machine's or container's. */
  WORKER_MEMORY_MB: int(0, 0, 1_048_576),
  /** Where the API finds the built web app (tests point it at theirs). */
  WEB_DIST: z.string().default(''),
  /** Sources may fetch from loopback, link-local and private addresses (DESIGN §16; tests, or a supplier on the LAN). */
  SOURCE_ALLOW_PRIVATE: flag(false),
  /** The longest one fetch of a source (its redirects and body) or a mailbox's silence may take (DESIGN §16: 60 s). */
  SOURCE_TIMEOUT_MS: int(60_000, 100, 600_000),
  /** `npm start` without S3_ENDPOINT: the embedded S3 server's folder and port. */
  DATA_DIR: text('data'),
  EMBEDDED_S3_PORT: int(0, 0, 65535),
  /** The first pause before a temporary mail failure is tried again; each next one is twice as long. */
  MAIL_RETRY_MS: int(30_000, 100, 3_600_000),
  /** Longest wait for the mail server: to connect, to greet, between two replies. */
  MAIL_TIMEOUT_MS: int(60_000, 500, 600_000),
  /** Messages a worker sends at once, over at most as many pooled SMTP connections. */
  MAIL_CONCURRENCY: int(5, 1, 50),
  /** The time zone of the dates in messages and in the delivery log's 409. */
  MAIL_TIMEZONE: timeZone,
};

const schema = z.object({ ...operatorSettings, ...tuningSettings });

/** Every variable the apps read: what deployment files (compose, Kubernetes) may set. */
export const CONFIG_KEYS: readonly string[] = Object.keys(schema.shape);

/** Production refuses a first admin anyone could guess; single sign-on needs its three settings together. */
const checkedSchema = schema.superRefine((c, ctx) => {
  if (c.OIDC_ISSUER_URL || c.OIDC_CLIENT_ID || c.OIDC_CLIENT_SECRET) {
    for (const key of ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
      if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when single sign-on is configured (OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)' });
    }
  }
  if (c.METRICS_PORT && c.METRICS_PORT === c.PORT) ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
  if (c.NODE_ENV !== 'production') return;
  if (c.ADMIN_USER === DEFAULT_ADMIN.user) ctx.addIssue({ code: 'custom', path: ['ADMIN_USER'], message: 'must not be the default in production' });
  if (c.ADMIN_PASSWORD.length < 12) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'at least 12 characters in production' });
});

export type AppConfig = Omit<z.infer<typeof schema>, 'QUEUE_PREFIX'> & { QUEUE_PREFIX: string };

/** `price-export:<database name>`: two instances on one Redis meet only if they share a database. */
export function defaultQueuePrefix(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'postgres';
  return `price-export:${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = checkedSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return { ...result.data, QUEUE_PREFIX: result.data.QUEUE_PREFIX ?? defaultQueuePrefix(result.data.DATABASE_URL) };
}

/** Loads the config or prints the one-line reason and exits; used by every entry point. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}
