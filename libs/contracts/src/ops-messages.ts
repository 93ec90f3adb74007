/** Russian texts for operators (DESIGN §18): the metrics endpoint's refusals and Bull Board's names. */
import type { JobKind } from './job-kinds';

export const OPS_ERR = {
  /** `GET /metrics` without the bearer METRICS_TOKEN (401). */
  metricsTokenRequired: 'Нужен токен метрик: заголовок Authorization: Bearer <METRICS_TOKEN>',
  /** `GET /metrics` on the API's own port while METRICS_TOKEN is not set (404). */
  metricsOff: 'Метрики на этом порту выключены: задайте METRICS_TOKEN (или METRICS_PORT для отдельного порта)',
} as const;

export const OPS_UI = {
  /** Bull Board's name of the `export` queue. */
  queueName: 'Очередь заданий',
  queueDescription: 'Выгрузки, проверки, пакеты и служебные задания всех воркеров',
  /** A job's name in Bull Board: `Выгрузка · <id>`. */
  jobKind: {
    generate: 'Выгрузка',
    check: 'Проверка',
    columns: 'Колонки файла',
    'version-rows': 'Строки версии прайса',
    'version-diff': 'Сравнение версий прайса',
    'source-poll': 'Опрос источника прайса',
    send: 'Отправка выгрузки',
    batch: 'Пакет',
  } satisfies Record<JobKind, string>,
  /** The recurring jobs, by job name. */
  scheduledJob: { housekeeping: 'Уборка старых выгрузок', reconcile: 'Сверка очереди с базой' } as Record<string, string>,
  /** Parts of a job's name: which task, which batch, which file. */
  ofTask: 'задача',
  ofBatch: 'пакет',
  fileKind: { price: 'прейскурант', template: 'шаблон' },
} as const;
