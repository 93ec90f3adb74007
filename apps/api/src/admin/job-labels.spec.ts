import * as contracts from '@app/contracts';
import { EXPORT_QUEUE, MAIL_QUEUE, MAIL_RECONCILE_JOB, NOTIFY_JOB, OPS_UI, SEND_JOB } from '@app/contracts';
import { jobLabel, labelFlow, queueLabel } from './job-labels';

/** Every constant the contracts export under a name ending in `suffix`: how they name each job and each queue. */
const namesEndingIn = (suffix: string): string[] =>
  Object.entries(contracts)
    .filter(([name, value]) => name.endsWith(suffix) && typeof value === 'string')
    .map(([, value]) => value as string);

describe("Bull Board's job names", () => {
  const exportId = '6f1c8d2e-0000-4000-8000-000000000001';
  const batchId = '6f1c8d2e-0000-4000-8000-0000000000b1';
  const taskId = '6f1c8d2e-0000-4000-8000-0000000000a1';

  it('say what each kind of job is and what it works on', () => {
    expect(jobLabel({ name: 'generate', id: exportId, data: { exportId } })).toBe(`Выгрузка · ${exportId}`);
    expect(jobLabel({ name: 'generate', id: exportId, data: { exportId, batchId } })).toBe(`Выгрузка · ${exportId} · пакет ${batchId}`);
    expect(jobLabel({ name: 'check', id: 'check-x', data: { taskId } })).toBe(`Проверка · задача ${taskId}`);
    expect(jobLabel({ name: 'check', id: 'check-x', data: { taskId, batchId, position: 3 } })).toBe(`Проверка · задача ${taskId} · пакет ${batchId}`);
    expect(jobLabel({ name: 'columns', id: 'columns-1', data: { objectKey: `tasks/${taskId}/template/v1.xlsx`, kind: 'template' } })).toBe(
      `Колонки файла · шаблон · tasks/${taskId}/template/v1.xlsx`,
    );
    expect(jobLabel({ name: 'version-rows', id: 'version-rows-v', data: { versionId: 'v-1' } })).toBe('Строки версии прайса · v-1');
    expect(jobLabel({ name: 'batch', id: `batch-${batchId}`, data: { batchId } })).toBe(`Пакет · ${batchId}`);
    expect(jobLabel({ name: 'housekeeping', id: 'repeat:1', data: {} })).toBe(OPS_UI.scheduledJob.housekeeping);
    expect(jobLabel({ name: 'reconcile', id: 'repeat:2' })).toBe(OPS_UI.scheduledJob.reconcile);
    expect(jobLabel({ name: 'source-poll', id: 'repeat:source-l:1', data: { priceListId: 'l-1', trigger: 'schedule' } })).toBe('Опрос источника прайса · l-1');
    expect(jobLabel({ name: SEND_JOB, id: 'd-1', data: { deliveryId: 'd-1' } })).toBe('Отправка выгрузки · d-1');
    expect(jobLabel({ name: NOTIFY_JOB, id: 'n-1', data: { noticeId: 'n-1' } })).toBe('Уведомление · n-1');
    expect(jobLabel({ name: MAIL_RECONCILE_JOB, id: 'repeat:3', data: {} })).toBe('Сверка писем с базой');
  });

  // A new kind of job added to the contracts without a name in OPS_UI would show raw in Bull Board.
  it('name every job the contracts define, in Russian', () => {
    const jobs = namesEndingIn('_JOB');
    expect(jobs).toEqual(expect.arrayContaining(['generate', SEND_JOB, NOTIFY_JOB, MAIL_RECONCILE_JOB]));
    for (const name of jobs) {
      const label = jobLabel({ name, id: 'x' });
      expect({ name, label, russian: label !== name && /^[А-ЯЁ]/.test(label) }).toEqual({ name, label, russian: true });
    }
  });

  it('give each queue its own name and description', () => {
    const queues = namesEndingIn('_QUEUE');
    expect(queues.sort()).toEqual([EXPORT_QUEUE, MAIL_QUEUE].sort());
    const labels = queues.map(queueLabel);
    for (const [i, label] of labels.entries()) expect({ queue: queues[i], named: label.displayName !== queues[i] && label.description !== '' }).toEqual({ queue: queues[i], named: true });
    expect(new Set(labels.map((l) => l.displayName)).size).toBe(queues.length);
    expect(new Set(labels.map((l) => l.description)).size).toBe(queues.length);
    expect(queueLabel('constructor')).toEqual({ displayName: 'constructor', description: '' });
  });

  it('keep the name of a job of no known kind, and fall back to the job id without data', () => {
    expect(jobLabel({ name: 'something-new', id: '1', data: { exportId } })).toBe('something-new');
    expect(jobLabel({ name: 'constructor', id: '1' })).toBe('constructor');
    expect(jobLabel({ name: 'generate', id: exportId })).toBe(`Выгрузка · ${exportId}`);
  });

  it("name every node of a batch's tree", () => {
    const tree = labelFlow({ id: `batch-${batchId}`, name: 'batch', children: [{ id: exportId, name: 'generate', children: [] }] });
    expect(tree).toEqual({ id: `batch-${batchId}`, name: `Пакет · batch-${batchId}`, children: [{ id: exportId, name: `Выгрузка · ${exportId}`, children: [] }] });
  });
});
