import { settleAll } from './settle-all';

describe('settleAll', () => {
  it('gives every value in order', async () => {
    await expect(settleAll<[number, string]>([Promise.resolve(1), Promise.resolve('b')])).resolves.toEqual([1, 'b']);
  });

  it('rejects with the first error only once the slower promises have settled too', async () => {
    let slowDone = false;
    const slow = new Promise<number>((resolve) => setTimeout(() => {
      slowDone = true;
      resolve(2);
    }, 50));
    await expect(settleAll<[number, number]>([Promise.reject(new Error('первая')), slow])).rejects.toThrow('первая');
    expect(slowDone).toBe(true);
  });
});
