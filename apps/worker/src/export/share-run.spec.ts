import { SharedPriceMiss } from '@app/export-engine';
import type { PriceShare } from './engine-runner';
import { runFromShare } from './share-run';

const share: PriceShare = { bytes: new Uint8Array([1]) };

describe('runFromShare', () => {
  it('runs from the share without the file, and fetches nothing when the share answers', async () => {
    const call = jest.fn(async (price: string | null, s?: PriceShare) => ({ price, shared: s === share }));
    const fetch = jest.fn(async () => '/tmp/price.xlsx');
    const miss = jest.fn();
    await expect(runFromShare(share, call, fetch, miss)).resolves.toEqual({ price: null, shared: true });
    expect(fetch).not.toHaveBeenCalled();
    expect(miss).not.toHaveBeenCalled();
  });

  it('on SharedPriceMiss, fetches the file and runs again on it alone', async () => {
    const call = jest.fn(async (price: string | null, s?: PriceShare) => {
      if (s) throw new SharedPriceMiss();
      return { price, shared: false };
    });
    const miss = jest.fn();
    await expect(runFromShare(share, call, async () => '/tmp/price.xlsx', miss)).resolves.toEqual({ price: '/tmp/price.xlsx', shared: false });
    expect(call.mock.calls).toEqual([[null, share], ['/tmp/price.xlsx']]);
    expect(miss).toHaveBeenCalledTimes(1);
  });

  it('any other failure is the first run’s: no second run, no fetch', async () => {
    const refusal = new Error('Шаблон экспорта: файл защищён паролем');
    const call = jest.fn(async () => Promise.reject(refusal));
    const fetch = jest.fn(async () => '/tmp/price.xlsx');
    await expect(runFromShare(share, call, fetch, () => undefined)).rejects.toBe(refusal);
    expect(call).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a file that cannot be fetched after a miss fails the run with that error', async () => {
    const gone = new Error('Файл не найден');
    const call = jest.fn(async () => Promise.reject(new SharedPriceMiss()));
    await expect(runFromShare(share, call, async () => Promise.reject(gone), () => undefined)).rejects.toBe(gone);
  });
});
