import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureShare } from './bench/share-runner';

/**
 * `npm run bench:share [rows] [tasks] [items per task]`: the engine side of DESIGN §12 "Speed"
 * (sharePrice + every task's export from it against one export on its own), printed as a line.
 */
async function main(): Promise<void> {
  const [rows, tasks, items] = process.argv.slice(2).map(Number);
  const dir = await mkdtemp(join(tmpdir(), 'share-bench-'));
  try {
    const m = await measureShare(dir, rows || 100_000, tasks || 20, items || 200);
    process.stdout.write(
      `${m.tasks} tasks × ${m.itemsPerTask} items on ${m.rows} rows: one export ${m.oneMs.toFixed(0)} ms; ` +
        `sharePrice ${m.shareMs.toFixed(0)} ms + ${m.tasks} exports from it ${m.sharedExportsMs.toFixed(0)} ms ` +
        `(covered ${m.covered}/${m.tasks}); ratio ${m.ratio.toFixed(2)} (target ≤ 3)\n` +
        `  without the key columns: sharePrice ${m.shareAnyColumnMs.toFixed(0)} ms + exports ${m.sharedAnyColumnExportsMs.toFixed(0)} ms; ratio ${m.ratioAnyColumn.toFixed(2)}\n`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
