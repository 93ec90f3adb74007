import { BATCH_UI, NOTICE_TEXT, formatDayTime, type Batch } from '@app/contracts';

/** The app's own pages in a notice: absolute when PUBLIC_URL is set, else the path alone. */
export const appLink = (publicUrl: string | undefined, path: string): string => `${publicUrl ?? ''}${path}`;

/** A hold reason of a version (DESIGN §16): its code and the Russian message shown. */
export interface HoldReason {
  code: string;
  message: string;
}

export function heldNotice(list: string, file: string, reasons: HoldReason[], link: string): { subject: string; body: string } {
  return { subject: NOTICE_TEXT.heldSubject(list), body: NOTICE_TEXT.heldBody(list, file, reasons.map((r) => r.message), link) };
}

export function failingNotice(list: string, messages: string[], link: string): { subject: string; body: string } {
  return { subject: NOTICE_TEXT.failingSubject(list), body: NOTICE_TEXT.failingBody(list, messages, link) };
}

/** A batch's end: a line per task (its status, and its numbers or its error), the counts in the subject. */
export function batchNotice(batch: Batch, byItselfList: string | null, timeZone: string, link: string): { subject: string; body: string } {
  const ended = NOTICE_TEXT.batchEnded[batch.action];
  const done = batch.tasks.filter((t) => t.status === 'done').length;
  const lines = batch.tasks.map((t) => {
    const detail = t.status === 'failed' ? (t.error ?? '') : t.rows !== undefined ? `${BATCH_UI.columns.rows.toLowerCase()} ${t.rows}, ${BATCH_UI.columns.found.toLowerCase()} ${t.matched ?? 0}` : '';
    return NOTICE_TEXT.batchLine(t.name, BATCH_UI.status[t.status], detail);
  });
  const when = formatDayTime(new Date(batch.createdAt), timeZone);
  const started = byItselfList !== null ? `${when}, ${NOTICE_TEXT.batchByItself(byItselfList)}` : batch.createdBy ? `${when}, ${batch.createdBy.displayName}` : when;
  return { subject: NOTICE_TEXT.batchSubject(ended, done, batch.total, batch.failed), body: NOTICE_TEXT.batchBody(ended, started, lines, link) };
}
