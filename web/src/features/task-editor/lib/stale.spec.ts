import type { ExportRecord, PriceListVersion, Task } from '@app/contracts';
import { showsStale } from './stale';

const version = (id: string): PriceListVersion => ({
  id,
  priceListId: 'list',
  name: 'price.xlsx',
  size: 1,
  sha256: '',
  format: 'xlsx',
  uploadedAt: '2026-11-25T10:00:00.000Z',
  uploadedBy: null,
});
const task = (stale: boolean, currentId: string | null): Task =>
  ({ stale, priceListId: 'list', priceList: { id: 'list', name: 'Поставщик', current: currentId ? version(currentId) : null } }) as Task;
const exported = (status: ExportRecord['status'], versionId: string | null): ExportRecord =>
  ({ status, priceVersion: versionId ? { id: versionId, uploadedAt: '2026-11-25T10:00:00.000Z' } : null }) as ExportRecord;

describe('showsStale', () => {
  it('follows the server while the history has nothing newer', () => {
    expect(showsStale(task(true, 'v2'), null)).toBe(true);
    expect(showsStale(task(true, 'v2'), [exported('done', 'v1')])).toBe(true);
    expect(showsStale(task(false, 'v2'), [exported('done', 'v1')])).toBe(false);
  });

  it('stops once the newest finished export read the current version', () => {
    expect(showsStale(task(true, 'v2'), [exported('done', 'v2'), exported('done', 'v1')])).toBe(false);
    expect(showsStale(task(true, 'v2'), [exported('failed', null), exported('done', 'v2')])).toBe(false);
  });
});
