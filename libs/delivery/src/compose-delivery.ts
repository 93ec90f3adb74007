import { formatDay, renderTemplate, type DeliveryValues } from '@app/contracts';
import type { ComposedDelivery, DeliveryContext } from '@app/persistence';
import { attachmentName } from './file-names';
import { newMessageId } from './mail/message-id';

/**
 * One message of an export, rendered once when it is queued (DESIGN §17), so every retry sends the
 * very same: the task's templates filled in — `{task}`, `{date}` (the export's day), `{priceList}`
 * and `{version}` (the library list and its version's day, or the task's own price file and its
 * upload day) — and the file named `<task> — <DD.MM.YYYY>.xlsx`. Dates are days of MAIL_TIMEZONE.
 */
export function composeDelivery(ctx: DeliveryContext, settings: { MAIL_FROM: string; MAIL_TIMEZONE: string }): ComposedDelivery {
  const s = ctx.settings!;
  const tz = settings.MAIL_TIMEZONE;
  const day = formatDay(ctx.finishedAt ?? ctx.createdAt, tz);
  const values: DeliveryValues = {
    task: ctx.taskName,
    date: day,
    priceList: ctx.priceList?.name ?? ctx.ownPrice?.name ?? '',
    version: ctx.priceList ? formatDay(ctx.priceList.versionAt, tz) : ctx.ownPrice ? formatDay(new Date(ctx.ownPrice.uploadedAt), tz) : '',
  };
  return {
    to: s.to,
    cc: s.cc,
    // A header: whatever a value holds, it stays one line.
    subject: renderTemplate(s.subject, values).replace(/[\r\n]+/g, ' ').trim(),
    body: renderTemplate(s.body, values),
    fileName: attachmentName(ctx.taskName, day),
    messageId: newMessageId(settings.MAIL_FROM),
  };
}
