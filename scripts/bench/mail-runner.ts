import { readFile } from 'node:fs/promises';
import type { ApiClient } from './api-client';
import { buildItems, type BenchInputs } from './fixture-builder';
import { prepareTask } from './http-runner';
import type { SmtpSink } from './smtp-sink';
import { median } from './stats-helper';

/**
 * E-mail delivery (DESIGN §17, issue 36 item 7): `exports` tasks, each with its recipients, made in
 * one batch; then `Отправить всем` timed from its POST to the last message taken by a local SMTP
 * server (smtp-server, in this process) — messages a second, each with its file attached, over the
 * worker's pooled connections. Then the same batch with `deliver: true`, from its POST to the last
 * message: the files go as they are made, so the exports bound it.
 */
export interface MailBenchSummary {
  exports: number;
  items: number;
  /** `Отправить всем`: messages a second, per run. */
  sendRates: number[];
  sendMs: number[];
  /** A batch with deliver: POST → the last message, per run. */
  deliverMs: number[];
  /** SMTP connections the worker opened for all the messages of the stage. */
  connections: number;
  averageBytes: number;
  rate: number;
}

export async function runMailBench(
  client: ApiClient,
  sink: SmtpSink,
  inputs: BenchInputs,
  opts: { rows: number; exports: number; items: number; runs: number; log: (line: string) => void },
): Promise<MailBenchSummary> {
  const { items } = buildItems(opts.rows, opts.items);
  const price = await readFile(inputs.price);
  const taskIds: string[] = [];
  for (let i = 0; i < opts.exports; i++) {
    const id = await prepareTask(client, `Сеть ${i + 1}`, inputs.mapping, inputs.template, items);
    await client.upload(id, 'price', price, 'price.xlsx');
    await client.putDelivery(id, [`buyer${i + 1}@chain${i % 7}.example`]);
    taskIds.push(id);
  }
  const out: MailBenchSummary = { exports: opts.exports, items: opts.items, sendRates: [], sendMs: [], deliverMs: [], connections: 0, averageBytes: 0, rate: NaN };
  const finished = async (id: string) => {
    for (;;) {
      const batch = await client.batch(id);
      if (batch.status === 'done') {
        if (batch.failed) throw new Error(`batch ${id}: ${batch.failed} rows failed: ${batch.tasks.find((r) => r.error)?.error}`);
        return batch;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const connectionsBefore = sink.connections;
  for (let r = 0; r < opts.runs; r++) {
    const made = await client.startBatch('generate', taskIds);
    await finished(made);
    const before = sink.arrivals.length;
    const t = performance.now();
    const answer = await client.sendBatch(made);
    if (answer.queued !== opts.exports) throw new Error(`Отправить всем queued ${answer.queued} of ${opts.exports}`);
    const last = await sink.waitFor(before + opts.exports, 600_000);
    const ms = last - t;
    out.sendMs.push(ms);
    out.sendRates.push((opts.exports / ms) * 1000);
    const batchMail = sink.arrivals.slice(before, before + opts.exports);
    if (new Set(batchMail.map((a) => a.messageId)).size !== opts.exports || batchMail.some((a) => a.attachments !== 1)) throw new Error('a message was repeated or came without its file');
    opts.log(`  run ${r + 1}: Отправить всем, ${opts.exports} messages in ${ms.toFixed(0)} ms = ${out.sendRates[r].toFixed(1)} messages/s`);
  }
  for (let r = 0; r < Math.min(opts.runs, 2); r++) {
    const before = sink.arrivals.length;
    const t = performance.now();
    const id = await client.startBatch('generate', taskIds, true);
    // The batch's end notice goes to its starter only if they have an address: the bench's admin has none.
    const last = await sink.waitFor(before + opts.exports, 600_000);
    out.deliverMs.push(last - t);
    await finished(id);
    opts.log(`  run ${r + 1}: batch with deliver, POST → the last of ${opts.exports} messages ${(last - t).toFixed(0)} ms`);
  }
  out.connections = sink.connections - connectionsBefore;
  out.averageBytes = sink.arrivals.reduce((s, a) => s + a.bytes, 0) / Math.max(1, sink.arrivals.length);
  out.rate = median(out.sendRates);
  return out;
}
