/** Russian texts for operators (DESIGN §18): the metrics endpoint's refusals and Bull Board's names. */
import type { JobKind, QueueName, ScheduledJobName } from './job-kinds';
import { EXPORT_QUEUE, HOUSEKEEPING_JOB, MAIL_QUEUE, MAIL_RECONCILE_JOB, RECONCILE_JOB } from './queue.contract';

export const OPS_ERR = {
  /** `GET /metrics` without the bearer METRICS_TOKEN (401). */
  metricsTokenRequired: 'Нужен токен метрик: заголовок Authorization: Bearer <METRICS_TOKEN>',
  /** `GET /metrics` on the API's own port while METRICS_TOKEN is not set (404). */
  metricsOff: 'Метрики на этом порту выключены: задайте METRICS_TOKEN (или METRICS_PORT для отдельного порта)',
} as const;

export const OPS_UI = {
  /** Bull Board's name and description of each queue: what its jobs are, so no queue passes for another. */
  queue: {
    [EXPORT_QUEUE]: {
      name: 'Выгрузки и прайсы',
      description: 'Выгрузки, проверки, пакеты, колонки файлов, опросы источников прайсов и сравнения их версий; уборка и сверка с базой',
    },
    [MAIL_QUEUE]: {
      name: 'Почта',
      description: 'Отправка писем: выгрузки получателям сетей и уведомления подписчикам прайсов; сверка писем с базой',
    },
  } satisfies Record<QueueName, { name: string; description: string }>,
  /** A job's name in Bull Board: `Выгрузка · <id>`. */
  jobKind: {
    generate: 'Выгрузка',
    check: 'Проверка',
    columns: 'Колонки файла',
    'version-rows': 'Строки версии прайса',
    'version-diff': 'Сравнение версий прайса',
    'source-poll': 'Опрос источника прайса',
    send: 'Отправка выгрузки',
    notify: 'Уведомление',
    batch: 'Пакет',
  } satisfies Record<JobKind, string>,
  /** The recurring jobs, by job name. */
  scheduledJob: {
    [HOUSEKEEPING_JOB]: 'Уборка старых выгрузок',
    [RECONCILE_JOB]: 'Сверка очереди с базой',
    [MAIL_RECONCILE_JOB]: 'Сверка писем с базой',
  } satisfies Record<ScheduledJobName, string>,
  /** Parts of a job's name: which task, which batch, which file. */
  ofTask: 'задача',
  ofBatch: 'пакет',
  fileKind: { price: 'прейскурант', template: 'шаблон' },
} as const;
