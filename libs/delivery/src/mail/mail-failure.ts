import { DELIVERY_ERR } from '@app/contracts';

/**
 * Why a message did not go out, as the delivery log tells it: `permanent` failures (a 5xx reply, a
 * refused login, no usable recipient, a file too big, mail not configured) end the delivery at
 * once; temporary ones (a 4xx reply, a timeout, a refused or broken connection) are tried again.
 * `reply` is the server's own words when it answered.
 */
export class MailFailure extends Error {
  constructor(
    readonly permanent: boolean,
    readonly reply: string | null,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'MailFailure';
  }
}

/** Connection troubles nodemailer and Node report by these codes: worth another try later. */
const TEMPORARY_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EPROTOCOL', 'ESTREAM']);

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** A nodemailer failure as a MailFailure: the reply's class decides, else the error's code. */
export function mailFailureOf(error: unknown): MailFailure {
  if (error instanceof MailFailure) return error;
  const e = (error ?? {}) as SmtpError;
  const reply = typeof e.response === 'string' && e.response.trim() ? e.response.trim().slice(0, 1000) : null;
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const message = (e.message ?? String(error)).slice(0, 1000);
  if (code !== null && code >= 500) return new MailFailure(true, reply, DELIVERY_ERR.rejected(reply ?? message));
  if (code !== null && code >= 400) return new MailFailure(false, reply, DELIVERY_ERR.unreachable(reply ?? message));
  if (e.code && TEMPORARY_CODES.has(e.code)) return new MailFailure(false, reply, DELIVERY_ERR.unreachable(message));
  // A login refused without a code, a message nodemailer cannot build: trying again changes nothing.
  if (e.code === 'EAUTH' || e.code === 'EENVELOPE' || e.code === 'EMESSAGE' || e.code === 'EREQUIRETLS' || e.code === 'ETLS') {
    return new MailFailure(true, reply, DELIVERY_ERR.rejected(reply ?? message));
  }
  return new MailFailure(false, reply, DELIVERY_ERR.unreachable(message));
}
