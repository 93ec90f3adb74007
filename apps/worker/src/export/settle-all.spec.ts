import { settleAll } from './settle-all';

describe('settleAll', () => {
  it('gives every value in order', async () => {
    await expect(settleAll([Promise.resolve(1), Promise.resolve('a')])).resolves.toEqual([1, 'a']);
  });

  it('rejects with the first failure only once every promise has settled', async () => {
    let slowDone = false;
    const slow = new Promise<string>((resolve) => setTimeout(() => {
      slowDone = true;
      resolve('written');
    }, 50));
    const failing = Promise.reject(new Error('PostgreSQL went away'));
    await expect(settleAll([slow, failing])).rejects.toThrow('PostgreSQL went away');
    expect(slowDone).toBe(true);
  });
});
