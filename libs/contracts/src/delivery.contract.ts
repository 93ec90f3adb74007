/**
 * Files delivered to each chain by e-mail, and people told (DESIGN §17): shapes shared by the API,
 * the worker and the web app, and the pure rules of a message's templates.
 */
import type { MadeBy } from './auth.contract';

export const DELIVERY_LIMITS = {
  toMin: 1,
  toMax: 10,
  ccMax: 10,
  /** RFC 5321: an address is at most 254 characters. */
  addressMax: 254,
  subjectMax: 200,
  bodyMax: 10_000,
  /** Retries of a temporary failure after the first attempt (DESIGN §17: 5). */
  retries: 5,
} as const;

/** What a subject or body template may hold, as `{task}`. */
export const DELIVERY_PLACEHOLDERS = ['task', 'date', 'priceList', 'version'] as const;
export type DeliveryPlaceholder = (typeof DELIVERY_PLACEHOLDERS)[number];
export type DeliveryValues = Record<DeliveryPlaceholder, string>;

/** A task's recipients and message, `PUT /api/tasks/{id}/delivery`. */
export interface DeliverySettings {
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  /** Send after every export a batch makes (one started by a user or by the list itself). */
  auto: boolean;
  updatedAt: string;
  updatedBy: MadeBy;
}

export interface PutDeliveryRequest {
  to: string[];
  cc?: string[];
  subject?: string;
  body?: string;
  auto?: boolean;
}

/** `GET /api/tasks/{id}/delivery`: null until recipients are set. */
export interface DeliverySettingsResponse {
  settings: DeliverySettings | null;
  /** The templates a new task's card starts from. */
  defaults: { subject: string; body: string };
}

export type DeliveryStatus = 'queued' | 'sent' | 'failed';

/** One message of an export to its recipients: a row of the delivery log. */
export interface Delivery {
  id: string;
  exportId: string;
  taskId: string | null;
  to: string[];
  cc: string[];
  subject: string;
  /** The attachment's name: `<task> — <DD.MM.YYYY>.xlsx`. */
  fileName: string;
  status: DeliveryStatus;
  /** SMTP conversations begun (a retry after a timeout counts again). */
  attempts: number;
  /** The Message-ID, chosen before the first attempt and the same on every retry. */
  messageId: string;
  /** The server's last reply (`250 2.0.0 OK …`), or where the outbox wrote the message. */
  reply: string | null;
  /** Why a failed delivery failed, in Russian; null otherwise. */
  error: string | null;
  createdAt: string;
  sentAt: string | null;
  /** Who asked for it: the user, or for a batch's sending the one who started the batch. */
  by: MadeBy;
  batchId: string | null;
}

export interface SendExportRequest {
  /** Send again to recipients who already got this file. */
  resend?: boolean;
}

/** `POST /api/batches/{id}/send` → 202. */
export interface BatchSendResponse {
  /** Messages queued now. */
  queued: number;
  /** Files already sent (or on their way) to the task's recipients. */
  alreadySent: number;
  /** Tasks without recipients. */
  noRecipients: number;
}

/**
 * A batch row's delivery, for the batch page's `Отправка` column: its newest message's recipients,
 * time and the server's reply (or why it failed), as the delivery log has them.
 */
export type BatchRowDelivery = Pick<Delivery, 'to' | 'cc' | 'sentAt' | 'reply' | 'error'> & {
  /** `none`: no recipients are set for the task (`to` and `cc` are then empty). */
  status: DeliveryStatus | 'none';
};

export interface MailTestRequest {
  to: string;
}

/** `POST /api/admin/mail/test`: what the mail server answered. */
export interface MailTestResponse {
  to: string;
  messageId: string;
  reply: string;
}

/** `GET/PUT/DELETE /api/price-lists/{id}/follow`. */
export interface FollowState {
  following: boolean;
}

/** `GET /api/follows`: the price lists the signed-in user follows. */
export interface FollowedList {
  priceListId: string;
  name: string;
  since: string;
}

/** `PATCH /api/auth/me`: the user's own e-mail address (null clears it). */
export interface PatchMeRequest {
  email: string | null;
}

/** An address as the API accepts it: `local@domain.tld`, no display name, no spaces or angle brackets. */
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmailAddress(text: string): boolean {
  return text.length <= DELIVERY_LIMITS.addressMax && ADDRESS.test(text) && !text.startsWith('.') && !text.includes('..');
}

/** Every `{name}` a template holds, in order, each once. */
export function templatePlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(/\{([^{}\s]*)\}/g)].map((m) => m[1]))];
}

/** The template with each known placeholder replaced; anything else is left as written. */
export function renderTemplate(template: string, values: DeliveryValues): string {
  return template.replace(/\{([^{}\s]*)\}/g, (whole, name: string) => ((DELIVERY_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as DeliveryPlaceholder] : whole));
}

/** `DD.MM.YYYY` of an instant in a time zone. */
export function formatDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('ru-RU', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
}

/** `DD.MM.YYYY HH:MM` of an instant in a time zone. */
export function formatDayTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('ru-RU', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}
