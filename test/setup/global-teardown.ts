/** Stops the run's processes, then drops its database, Redis keys and files (KEEP_TEST_LOGS=1 keeps the files). */
export default async function globalTeardown(): Promise<void> {
  const stack = globalThis.__PRICE_EXPORT_STACK__;
  if (!stack) return;
  const problems = await stack.close({ keepFiles: !!process.env.KEEP_TEST_LOGS });
  for (const problem of problems) process.stderr.write(`test teardown: ${problem}\n`);
}
