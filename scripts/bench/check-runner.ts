import { readFile } from 'node:fs/promises';
import type { ApiClient } from './api-client';
import type { BenchInputs } from './fixture-builder';
import { prepareTask } from './http-runner';
import { median } from './stats-helper';

/** `Проверить` against `Сформировать` on one task (issue 21: check ≤ 1.5× generate, 10k items / 100k rows). */
export interface CheckSummary {
  rows: number;
  items: number;
  generateTimes: number[];
  checkTimes: number[];
  warnings: number;
  ratio: number;
}

/**
 * Both through the real system (HTTP → API → queue → worker → back), run by run in turn so the
 * machine's drift falls on both alike; the check's answer is JSON with the first 500 rows and
 * every warning, generate's the whole workbook.
 */
export async function runCheckVsGenerate(client: ApiClient, inputs: BenchInputs, rows: number, runs: number): Promise<CheckSummary> {
  const taskId = await prepareTask(client, `Проверка ${rows}`, inputs.mapping, inputs.template, inputs.items);
  await client.upload(taskId, 'price', await readFile(inputs.price), 'price.xlsx');
  const generateTimes: number[] = [];
  const checkTimes: number[] = [];
  let warnings = 0;
  for (let i = 0; i < runs; i++) {
    const g = await client.generate(taskId);
    if (g.status !== 200) throw new Error(`generate: HTTP ${g.status} ${g.error ?? ''}`);
    generateTimes.push(g.ms);
    const c = await client.check(taskId);
    if (c.rowsTotal !== inputs.items.length) throw new Error(`check: ${c.rowsTotal} rows, expected ${inputs.items.length}`);
    checkTimes.push(c.ms);
    warnings = c.warnings;
  }
  return { rows, items: inputs.items.length, generateTimes, checkTimes, warnings, ratio: median(checkTimes) / median(generateTimes) };
}
