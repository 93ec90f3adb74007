import { Agent, request } from 'node:http';
import type { Batch, BatchAction, BatchSendResponse, Item, Mapping, Task } from '@app/contracts';

/** The few API calls the benchmark makes, timed around the full body, signed in with a personal token. */
export class ApiClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private readonly auth: { authorization: string };

  /** `token`: the admin's personal token (`pe_…`), sent with every call as a script would. */
  constructor(
    readonly baseUrl: string,
    token: string,
  ) {
    this.auth = { authorization: `Bearer ${token}` };
  }

  async putGlobalMapping(mapping: Mapping): Promise<void> {
    await this.json('PUT', '/api/mappings/global', mapping);
  }

  async createTask(name: string): Promise<Task> {
    return (await this.json('POST', '/api/tasks', { name })) as Task;
  }

  async deleteTask(taskId: string): Promise<void> {
    const res = await fetch(`${this.baseUrl}/api/tasks/${taskId}`, { method: 'DELETE' });
    if (res.status !== 204) throw new Error(`DELETE /api/tasks/${taskId}: HTTP ${res.status}`);
  }

  async setItems(taskId: string, items: Item[]): Promise<Task> {
    return (await this.json('PATCH', `/api/tasks/${taskId}`, { items, syncMapping: true })) as Task;
  }

  /** Multipart upload of `bytes` as field `file`; resolves with the wall time once the answer is read. */
  async upload(taskId: string, kind: 'price' | 'template', bytes: Buffer, name = `${kind}.xlsx`): Promise<number> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)]), name);
    const t = performance.now();
    const res = await fetch(`${this.baseUrl}/api/tasks/${taskId}/upload/${kind}`, { method: 'POST', body: form, headers: this.auth });
    const body = await res.text();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`upload ${kind}: HTTP ${res.status} ${body.slice(0, 300)}`);
    return ms;
  }

  /**
   * POST generate, the whole xlsx read; never throws for an HTTP status (the load counts them).
   * Over node:http with keep-alive rather than fetch: on 2 cores the benchmark's own clients
   * compete with the stack they measure, and undici costs several times more CPU per request
   * (load generators such as wrk or hey cost next to nothing).
   */
  generate(taskId: string): Promise<GenerateResult> {
    const t = performance.now();
    return new Promise<GenerateResult>((resolve) => {
      const failed = (error: Error) =>
        resolve({ ms: performance.now() - t, status: 0, bytes: 0, rows: NaN, matched: NaN, unmatched: NaN, error: error.message });
      const req = request(`${this.baseUrl}/api/tasks/${taskId}/generate`, { method: 'POST', agent: this.agent, headers: this.auth }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', failed);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const ms = performance.now() - t;
          const h = (n: string) => res.headers[n] as string | undefined;
          resolve({
            ms,
            status: res.statusCode ?? 0,
            bytes: body.length,
            exportId: h('x-export-id'),
            rows: Number(h('x-export-rows') ?? NaN),
            matched: Number(h('x-export-matched') ?? NaN),
            unmatched: Number(h('x-export-unmatched') ?? NaN),
            error: res.statusCode === 200 ? undefined : body.toString('utf8').slice(0, 300),
          });
        });
      });
      req.on('error', failed);
      req.end();
    });
  }

  /** POST check (DESIGN §11), the whole JSON read; resolves with the wall time and the counts. */
  async check(taskId: string): Promise<{ ms: number; rowsTotal: number; warnings: number }> {
    const t = performance.now();
    const res = await fetch(`${this.baseUrl}/api/tasks/${taskId}/check`, { method: 'POST', headers: this.auth });
    const text = await res.text();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`check: HTTP ${res.status} ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { rowsTotal: number; warnings: unknown[] };
    return { ms, rowsTotal: body.rowsTotal, warnings: body.warnings.length };
  }

  /** POST /api/batches → its id (DESIGN §12). */
  async startBatch(action: BatchAction, taskIds: string[], deliver = false): Promise<string> {
    return ((await this.json('POST', '/api/batches', { action, taskIds, ...(deliver ? { deliver } : {}) })) as { id: string }).id;
  }

  /** A task's recipients (DESIGN §17). */
  async putDelivery(taskId: string, to: string[]): Promise<void> {
    await this.json('PUT', `/api/tasks/${taskId}/delivery`, { to });
  }

  /** `Отправить всем` on a finished batch. */
  async sendBatch(batchId: string): Promise<BatchSendResponse> {
    return (await this.json('POST', `/api/batches/${batchId}/send`, {})) as BatchSendResponse;
  }

  async batch(id: string): Promise<Batch> {
    return (await this.json('GET', `/api/batches/${id}`, undefined)) as Batch;
  }

  /** GET a file (an export's, say) whole. */
  async download(path: string): Promise<Buffer> {
    const res = await fetch(`${this.baseUrl}${path}`, { headers: this.auth });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`GET ${path}: HTTP ${res.status} ${body.toString('utf8').slice(0, 300)}`);
    return body;
  }

  close(): void {
    this.agent.destroy();
  }

  private async json(method: string, path: string, body: unknown): Promise<unknown> {
    const send = body === undefined ? {} : { body: JSON.stringify(body) };
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', ...this.auth }, ...send });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  }
}

export interface GenerateResult {
  ms: number;
  status: number;
  bytes: number;
  exportId?: string;
  rows: number;
  matched: number;
  unmatched: number;
  error?: string;
}
