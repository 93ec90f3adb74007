/** Users, sessions, personal tokens and the audit log (DESIGN §13): shapes shared by API and web. */

export const ROLES = ['viewer', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** viewer < staff < admin: a role may do what every lower one may. */
export const roleAtLeast = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed);

export const SESSION_COOKIE = 'pe_session';
/** Personal tokens start with this, so a leaked one is recognisable (and secret scanners can find it). */
export const TOKEN_PREFIX = 'pe_';

export const AUTH_LIMITS = {
  loginMin: 3,
  loginMax: 100,
  displayNameMax: 200,
  passwordMin: 8,
  passwordMax: 200,
  tokenNameMax: 100,
  sessionIdleHours: 12,
  sessionMaxDays: 7,
  /** Failures of one login or one address within the window before 429. */
  signInFailures: 10,
  signInWindowMinutes: 15,
  auditPage: 100,
} as const;

export interface User {
  id: string;
  login: string;
  displayName: string;
  role: Role;
  disabled: boolean;
  /** A temporary password: every call but /api/auth/* answers 403 until it is changed. */
  mustChangePassword: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  /** Signs in through single sign-on (it may have no password). */
  sso: boolean;
  /** Where notices go (DESIGN §17); null: none. Single sign-on users get it from the ID token's `email`. */
  email: string | null;
}

/** `GET /api/auth/me` and the sign-in's answer. */
export interface MeResponse {
  user: User;
}

/** `GET /api/auth/options`: what the sign-in page offers. */
export interface AuthOptions {
  /** Single sign-on, when configured: the button's name and where it starts. */
  sso: { name: string; url: string } | null;
}

export interface ApiTokenInfo {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** `POST /api/auth/tokens`: the token itself is shown only in this answer. */
export interface CreatedApiToken {
  id: string;
  name: string;
  token: string;
}

export const AUDIT_ACTIONS = [
  'auth.sign-in',
  'auth.sign-in-failed',
  'auth.sign-out',
  'task.create',
  'task.rename',
  'task.delete',
  'task.items',
  'task.upload',
  'task.profile',
  'rules.update',
  'profile.create',
  'profile.update',
  'profile.delete',
  'price-list.create',
  'price-list.version',
  'price-list.rename',
  'price-list.delete',
  'price-list.settings',
  'price-version.hold',
  'price-version.accept',
  'price-version.reject',
  'price-source.set',
  'price-source.run',
  'task.price-list',
  'check',
  'export',
  'batch',
  'user.create',
  'user.update',
  'token.create',
  'token.revoke',
  'delivery.settings',
  'delivery.sent',
  'delivery.failed',
  'price-list.follow',
  'mail.test',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditUser {
  id: string;
  login: string;
  displayName: string;
}

export interface AuditEvent {
  id: string;
  at: string;
  /** null: nobody signed in (a failed sign-in of an unknown login) or the system. */
  user: AuditUser | null;
  action: AuditAction;
  taskId: string | null;
  /** The task's name now (null when there is no task, or it was deleted). */
  taskName: string | null;
  details: Record<string, unknown>;
}

/** `GET /api/audit` and `GET /api/tasks/{id}/audit`: newest first; `next` is the cursor of the following page. */
export interface AuditPage {
  events: AuditEvent[];
  next: string | null;
}

/** Who made an export or a batch, as its row says it. */
export type MadeBy = AuditUser | null;
