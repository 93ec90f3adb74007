import { loadConfig } from '@app/config';
import type { MailBenchSummary } from './mail-runner';
import { table, type Target } from './results-table';
import { median } from './stats-helper';

const range = (values: number[], digits: number) => [median(values), Math.min(...values), Math.max(...values)].map((v) => v.toFixed(digits));

/** The mail stage: Отправить всем's rate, and a batch with deliver from its POST to its last message. */
export function mailTable(m: MailBenchSummary): string {
  const { MAIL_CONCURRENCY } = loadConfig({});
  return [
    `mail: ${m.exports} exports of ${m.items} items, one message each (${(m.averageBytes / 1024).toFixed(0)} KB on average, the file attached) to a local SMTP server; one worker, MAIL_CONCURRENCY ${MAIL_CONCURRENCY}; ${m.connections} SMTP connections in all`,
    table(
      ['what', 'median', 'min', 'max'],
      [
        [`Отправить всем: messages/s (POST → the ${m.exports}th message taken)`, ...range(m.sendRates, 1)],
        ['Отправить всем: ms', ...range(m.sendMs, 0)],
        ...(m.deliverMs.length ? [[`batch with deliver: POST → the ${m.exports}th message, ms (the exports bound it)`, ...range(m.deliverMs, 0)]] : []),
      ],
    ),
  ].join('\n');
}

export function mailTargets(m: MailBenchSummary): Target[] {
  return [{ name: `${m.exports} exports of one batch delivered (pooled SMTP)`, measured: `${m.rate.toFixed(1)} messages/s`, target: '≥ 20 messages/s', pass: m.rate >= 20 }];
}
