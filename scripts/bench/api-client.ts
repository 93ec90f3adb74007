import type { Item, Mapping, Task } from '@app/contracts';

/** The few API calls the benchmark makes, over Node's fetch (undici), timed around the full body. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async putGlobalMapping(mapping: Mapping): Promise<void> {
    await this.json('PUT', '/api/mappings/global', mapping);
  }

  async createTask(name: string): Promise<Task> {
    return (await this.json('POST', '/api/tasks', { name })) as Task;
  }

  async setItems(taskId: string, items: Item[]): Promise<Task> {
    return (await this.json('PATCH', `/api/tasks/${taskId}`, { items, syncMapping: true })) as Task;
  }

  /** Multipart upload of `bytes` as field `file`; resolves with the wall time once the answer is read. */
  async upload(taskId: string, kind: 'price' | 'template', bytes: Buffer, name = `${kind}.xlsx`): Promise<number> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)]), name);
    const t = performance.now();
    const res = await fetch(`${this.baseUrl}/api/tasks/${taskId}/upload/${kind}`, { method: 'POST', body: form });
    const body = await res.text();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`upload ${kind}: HTTP ${res.status} ${body.slice(0, 300)}`);
    return ms;
  }

  /** POST generate, the whole xlsx read; never throws for an HTTP status (the load counts them). */
  async generate(taskId: string): Promise<GenerateResult> {
    const t = performance.now();
    try {
      const res = await fetch(`${this.baseUrl}/api/tasks/${taskId}/generate`, { method: 'POST' });
      const body = Buffer.from(await res.arrayBuffer());
      const ms = performance.now() - t;
      const h = (n: string) => res.headers.get(n);
      return {
        ms,
        status: res.status,
        bytes: body.length,
        exportId: h('x-export-id') ?? undefined,
        rows: Number(h('x-export-rows') ?? NaN),
        matched: Number(h('x-export-matched') ?? NaN),
        unmatched: Number(h('x-export-unmatched') ?? NaN),
        error: res.status === 200 ? undefined : body.toString('utf8').slice(0, 300),
      };
    } catch (error) {
      return { ms: performance.now() - t, status: 0, bytes: 0, rows: NaN, matched: NaN, unmatched: NaN, error: (error as Error).message };
    }
  }

  private async json(method: string, path: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
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
