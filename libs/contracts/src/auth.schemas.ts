import { z } from 'zod';
import { AUDIT_ACTIONS, AUTH_LIMITS, ROLES } from './auth.contract';
import { AUTH_ERR } from './auth-messages';
import { ERR } from './messages';
import { hasControlChars } from './normalize';
import { emailSchema } from './delivery.schemas';

/** Request bodies of DESIGN §13, validated once for the API (the web app checks the same lengths). */

const L = AUTH_LIMITS;

export const loginSchema = z
  .string({ error: AUTH_ERR.loginInvalid(L.loginMin, L.loginMax) })
  .transform((s) => s.trim())
  .refine((s) => s.length >= L.loginMin && s.length <= L.loginMax && /^[\p{L}\p{N}._@-]+$/u.test(s), AUTH_ERR.loginInvalid(L.loginMin, L.loginMax));

export const passwordSchema = z
  .string({ error: AUTH_ERR.passwordLength(L.passwordMin, L.passwordMax) })
  .refine((s) => s.length >= L.passwordMin && s.length <= L.passwordMax, AUTH_ERR.passwordLength(L.passwordMin, L.passwordMax));

export const displayNameSchema = z
  .string({ error: AUTH_ERR.displayNameLength(L.displayNameMax) })
  .transform((s) => s.trim())
  .refine((s) => s.length >= 1 && s.length <= L.displayNameMax, AUTH_ERR.displayNameLength(L.displayNameMax))
  .refine((s) => !hasControlChars(s), ERR.controlChars);

export const roleSchema = z.enum(ROLES, { error: AUTH_ERR.roleInvalid });

/** Sign-in takes any strings: a wrong shape is just a wrong login (the same 401, the same time). */
export const signInSchema = z.object({
  login: z.string().max(1_000).catch(''),
  password: z.string().max(1_000).catch(''),
});

export const changePasswordSchema = z.object({
  current: z.string({ error: AUTH_ERR.wrongCurrentPassword }).max(1_000),
  next: passwordSchema,
});

export const createUserSchema = z.object({
  login: loginSchema,
  displayName: displayNameSchema.optional(),
  role: roleSchema,
  password: passwordSchema,
  email: emailSchema.optional(),
});

export const patchUserSchema = z.strictObject({
  displayName: displayNameSchema.optional(),
  role: roleSchema.optional(),
  disabled: z.boolean({ error: AUTH_ERR.booleanInvalid }).optional(),
  password: passwordSchema.optional(),
  email: emailSchema.optional(),
});

export const createTokenSchema = z.object({
  name: z
    .string({ error: AUTH_ERR.tokenNameLength(L.tokenNameMax) })
    .transform((s) => s.trim())
    .refine((s) => s.length >= 1 && s.length <= L.tokenNameMax, AUTH_ERR.tokenNameLength(L.tokenNameMax))
    .refine((s) => !hasControlChars(s), ERR.controlChars),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const optionalUuid = (name: string) =>
  z
    .string()
    .regex(UUID, AUTH_ERR.auditFilterInvalid(name))
    .transform((s) => s.toLowerCase())
    .optional();
/** A day (`2026-11-25`, as a date input gives it) or an instant. */
const instant = (name: string) =>
  z
    .string()
    .refine((s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), AUTH_ERR.auditFilterInvalid(name))
    .optional();

/** The query of `GET /api/audit` (and of its CSV); empty parameters count as absent. */
export const auditQuerySchema = z.object({
  userId: optionalUuid('userId').describe("only this user's events"),
  taskId: optionalUuid('taskId').describe("only this task's events"),
  action: z.enum(AUDIT_ACTIONS, { error: AUTH_ERR.auditFilterInvalid('action') }).optional().describe('only events of this action'),
  from: instant('from').describe('from this day (`2026-11-25`) or instant on'),
  to: instant('to').describe('up to this instant, or to the end of this day'),
  cursor: z
    .string()
    .regex(/^\d{1,19}$/, AUTH_ERR.auditFilterInvalid('cursor'))
    .optional()
    .describe("the previous page's `next`: the events after it"),
});
