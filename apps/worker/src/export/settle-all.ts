/**
 * Promise.all that rejects only once every promise has settled, with the first error. A job's
 * downloads and queries run side by side into the job's temporary folder: when one fails, the
 * others must be done before the folder is removed (a download still writing there would fail on
 * a stream nobody listens to, and take the whole worker process down with it).
 */
export async function settleAll<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
