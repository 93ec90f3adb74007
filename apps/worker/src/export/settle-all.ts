/**
 * Promise.all that waits for every promise to settle before it rejects with the first failure.
 * A job runs its downloads beside its queries into a temporary folder it removes when it ends: with
 * Promise.all, a query failing (PostgreSQL going away) ended the job while a download was still
 * writing there, the folder was removed under it, and the download's unhandled ENOENT killed the
 * worker process.
 */
export async function settleAll<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
