import { z } from 'zod';
import { DELIVERY_LIMITS as L, DELIVERY_PLACEHOLDERS, isEmailAddress, templatePlaceholders } from './delivery.contract';
import { DEFAULT_DELIVERY_TEMPLATES, DELIVERY_ERR } from './delivery-messages';
import { ERR } from './messages';
import { hasControlChars } from './normalize';

/**
 * Request bodies of DESIGN §17. Addresses are trimmed, lower-cased in the domain only (the local
 * part is the receiver's business) and kept once each; a wrong one is named in the 400.
 */

const normalizeAddress = (raw: string): string => {
  const text = raw.trim();
  const at = text.lastIndexOf('@');
  return at > 0 ? `${text.slice(0, at)}@${text.slice(at + 1).toLowerCase()}` : text;
};

const addressList = (min: number, max: number, range: string) =>
  z
    .array(z.string({ error: DELIVERY_ERR.addressList }), { error: DELIVERY_ERR.addressList })
    // Once each, compared without case (as every mail system does), the first spelling kept.
    .transform((list) => [...new Map(list.map(normalizeAddress).filter((a) => a !== '').map((a) => [a.toLowerCase(), a] as const).reverse()).values()].reverse())
    .superRefine((list, ctx) => {
      const bad = list.filter((a) => !isEmailAddress(a));
      if (bad.length) ctx.addIssue({ code: 'custom', message: DELIVERY_ERR.badAddresses(bad.map((a) => a.slice(0, 80))) });
      else if (list.length < min || list.length > max) ctx.addIssue({ code: 'custom', message: range });
    });

/** A template: only the known placeholders; `oneLine` refuses CR and LF (a subject is a mail header). */
const template = (max: number, oneLine: boolean) =>
  z
    .string({ error: DELIVERY_ERR.textInvalid })
    .superRefine((text, ctx) => {
      if (oneLine && /[\r\n]/.test(text)) return ctx.addIssue({ code: 'custom', message: DELIVERY_ERR.lineBreak });
      if (text.length > max) return ctx.addIssue({ code: 'custom', message: DELIVERY_ERR.tooLong(max) });
      if (hasControlChars(text.replace(/[\t\r\n]/g, ' '))) return ctx.addIssue({ code: 'custom', message: ERR.controlChars });
      const unknown = templatePlaceholders(text).filter((p) => !(DELIVERY_PLACEHOLDERS as readonly string[]).includes(p));
      if (unknown.length) ctx.addIssue({ code: 'custom', message: DELIVERY_ERR.unknownPlaceholder(unknown) });
    })
    .transform((text) => (oneLine ? text.trim() : text.replace(/\r\n?/g, '\n')));

/** `PUT /api/tasks/{id}/delivery`: a subject or body left out is the default template. */
export const putDeliverySchema = z.strictObject({
  to: addressList(L.toMin, L.toMax, DELIVERY_ERR.toRange(L.toMin, L.toMax)),
  cc: addressList(0, L.ccMax, DELIVERY_ERR.ccRange(L.ccMax)).optional().transform((cc) => cc ?? []),
  subject: template(L.subjectMax, true).optional().transform((s) => (s === undefined || s === '' ? DEFAULT_DELIVERY_TEMPLATES.subject : s)),
  body: template(L.bodyMax, false).optional().transform((b) => (b === undefined || b.trim() === '' ? DEFAULT_DELIVERY_TEMPLATES.body : b)),
  auto: z.boolean({ error: DELIVERY_ERR.booleanInvalid }).optional().transform((a) => a ?? false),
});

/** `POST /api/exports/{id}/send`; an empty body is a first send. */
export const sendExportSchema = z.strictObject({
  resend: z.boolean({ error: DELIVERY_ERR.booleanInvalid }).optional(),
});

/** One address, or null for none (a user's own, an admin's setting of it). */
export const emailSchema = z
  .string({ error: DELIVERY_ERR.emailInvalid })
  .transform(normalizeAddress)
  .nullable()
  .transform((a) => (a === '' ? null : a))
  .refine((a) => a === null || isEmailAddress(a), DELIVERY_ERR.emailInvalid);

export const mailTestSchema = z.strictObject({
  to: z
    .string({ error: DELIVERY_ERR.emailInvalid })
    .transform(normalizeAddress)
    .superRefine((a, ctx) => {
      if (!isEmailAddress(a)) ctx.addIssue({ code: 'custom', message: DELIVERY_ERR.badAddresses([a.slice(0, 80)]) });
    }),
});

export const patchMeSchema = z.strictObject({ email: emailSchema });
