import { OPS_UI } from '@app/contracts';
import { jobLabel, labelFlow } from './job-labels';

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
  });

  it('keep the name of a job of no known kind, and fall back to the job id without data', () => {
    expect(jobLabel({ name: 'something-new', id: '1', data: { exportId } })).toBe('something-new');
    expect(jobLabel({ name: 'generate', id: exportId })).toBe(`Выгрузка · ${exportId}`);
  });

  it("name every node of a batch's tree", () => {
    const tree = labelFlow({ id: `batch-${batchId}`, name: 'batch', children: [{ id: exportId, name: 'generate', children: [] }] });
    expect(tree).toEqual({ id: `batch-${batchId}`, name: `Пакет · batch-${batchId}`, children: [{ id: exportId, name: `Выгрузка · ${exportId}`, children: [] }] });
  });
});
