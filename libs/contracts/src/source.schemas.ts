import { z } from 'zod';
import { hasControlChars } from './normalize';
import { SOURCE_ERR, SOURCE_FIELD_ERR } from './source-messages';
import type { PutPriceListSourceRequest } from './source.contract';

/** Longest text of a source field (an address may be long; a folder, a filter not). */
const URL_MAX = 2_000;
const TEXT_MAX = 200;

/** A text field: trimmed, '' for nothing; null and absent alike. */
const text = (max: number) =>
  z
    .string({ error: SOURCE_FIELD_ERR.text(max) })
    .nullable()
    .optional()
    .transform((v) => (v ?? '').trim())
    .refine((v) => v.length <= max && !hasControlChars(v), SOURCE_FIELD_ERR.text(max));

/** A secret: absent keeps the stored one (undefined), null or '' removes it, a text replaces it. */
const secret = z
  .string({ error: SOURCE_FIELD_ERR.text(TEXT_MAX) })
  .nullable()
  .optional()
  .refine((v) => v === undefined || v === null || (v.length <= TEXT_MAX && !hasControlChars(v)), SOURCE_FIELD_ERR.text(TEXT_MAX))
  .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v));

const FROM = /^(@[^\s@]+\.[^\s@]+|[^\s@]+@[^\s@]+\.[^\s@]+)$/;
/** Five cron fields of the characters cron knows; the API also parses it (cron-parser) and computes the next runs. */
const CRON = /^[\d*/,\-A-Za-z?LW#]+(\s+[\d*/,\-A-Za-z?LW#]+){4}$/;

const validTimezone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/**
 * `PUT /api/price-lists/{id}/source` (DESIGN §16): every field of both kinds, flat; the ones of
 * `kind` are checked (a 400 names each wrong field in Russian). Empty texts become null.
 */
export const putSourceSchema = z
  .object({
    kind: z.enum(['url', 'mailbox'], { error: SOURCE_FIELD_ERR.kind }),
    url: text(URL_MAX),
    login: text(TEXT_MAX),
    password: secret,
    token: secret,
    host: text(TEXT_MAX),
    port: z.int({ error: SOURCE_FIELD_ERR.port }).min(1, SOURCE_FIELD_ERR.port).max(65_535, SOURCE_FIELD_ERR.port).nullable().optional(),
    tls: z.boolean({ error: SOURCE_FIELD_ERR.tls }).nullable().optional(),
    folder: text(TEXT_MAX),
    from: text(TEXT_MAX).refine((v) => v === '' || FROM.test(v), SOURCE_FIELD_ERR.from),
    subjectContains: text(TEXT_MAX),
    fileName: text(TEXT_MAX),
    processedFolder: text(TEXT_MAX),
    everyMinutes: z.int({ error: SOURCE_FIELD_ERR.everyMinutes }).min(5, SOURCE_FIELD_ERR.everyMinutes).max(1440, SOURCE_FIELD_ERR.everyMinutes).nullable().optional(),
    cron: text(100).refine((v) => v === '' || CRON.test(v), SOURCE_FIELD_ERR.cron),
    timezone: text(64).refine((v) => v === '' || validTimezone(v), SOURCE_FIELD_ERR.timezone),
  })
  .superRefine((s, ctx) => {
    const need = (field: keyof typeof s) => {
      if (!s[field]) ctx.addIssue({ code: 'custom', path: [field], message: SOURCE_FIELD_ERR.required });
    };
    if (s.kind === 'url') {
      need('url');
      if (s.url) {
        let parsed: URL | undefined;
        try {
          parsed = new URL(s.url);
        } catch {
          // Reported below, with the scheme's message.
        }
        if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) ctx.addIssue({ code: 'custom', path: ['url'], message: SOURCE_ERR.badUrl });
        else if (parsed.username || parsed.password) ctx.addIssue({ code: 'custom', path: ['url'], message: SOURCE_FIELD_ERR.urlCredentials });
      }
      if (s.token && (s.login || s.password)) ctx.addIssue({ code: 'custom', path: ['token'], message: SOURCE_FIELD_ERR.authTwice });
    } else {
      need('host');
      need('login');
    }
    if (s.everyMinutes && s.cron) ctx.addIssue({ code: 'custom', path: ['cron'], message: SOURCE_FIELD_ERR.scheduleTwice });
  })
  .transform((s) => ({ ...s, port: s.port ?? null, tls: s.tls ?? null, everyMinutes: s.everyMinutes ?? null }));

export type PutSourceBody = z.output<typeof putSourceSchema>;

/** The request type the schema reads (kept in line with the contract). */
export type PutSourceInput = z.input<typeof putSourceSchema> & PutPriceListSourceRequest;
