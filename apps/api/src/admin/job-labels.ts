import { OPS_UI, jobKindOf, type FileKind } from '@app/contracts';

/** Looked up by own keys only: a job or queue named `constructor` must not pick up Object's. */
const SCHEDULED: Readonly<Record<string, string>> = OPS_UI.scheduledJob;
const QUEUES: Readonly<Record<string, { name: string; description: string }>> = OPS_UI.queue;

/** A queue's name and description in Bull Board; a queue not in the contracts shows its own name. */
export function queueLabel(queueName: string): { displayName: string; description: string } {
  const known = Object.hasOwn(QUEUES, queueName) ? QUEUES[queueName] : undefined;
  return { displayName: known?.name ?? queueName, description: known?.description ?? '' };
}

/** A job as Bull Board hands it over: a listed job has its data, a node of a flow's tree only its id. */
export interface LabelledJob {
  name: string;
  id?: string | number | null;
  data?: unknown;
}

/** The id that says which thing a job works on, in the order they name it best; `taskId` reads `задача <id>`. */
const SUBJECTS = ['exportId', 'taskId', 'versionId', 'priceListId', 'sourceId', 'deliveryId', 'noticeId', 'batchId'] as const;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * A job's name as Bull Board shows it: its kind in words and what it works on —
 * `Выгрузка · <export id> · пакет <batch id>`, `Проверка · задача <task id>`,
 * `Колонки файла · шаблон · <object key>`, `Пакет · <batch id>`, `Отправка выгрузки · <delivery id>`.
 * A job whose name is no kind (a new one not yet in JOB_KIND_BY_NAME) keeps its own name; the
 * spec fails while any job name of the contracts has none.
 */
export function jobLabel(job: LabelledJob): string {
  const kind = jobKindOf(job.name);
  const title = kind ? OPS_UI.jobKind[kind] : Object.hasOwn(SCHEDULED, job.name) ? SCHEDULED[job.name] : undefined;
  if (!title) return job.name;
  if (!kind) return title;
  const data = (typeof job.data === 'object' && job.data !== null ? job.data : {}) as Record<string, unknown>;
  const parts = [title];
  const fileKind = text(data.kind) as FileKind | undefined;
  if (fileKind && fileKind in OPS_UI.fileKind) parts.push(OPS_UI.fileKind[fileKind]);
  if (text(data.objectKey)) parts.push(text(data.objectKey)!);
  const subject = SUBJECTS.find((field) => text(data[field]));
  if (subject) parts.push(subject === 'taskId' ? `${OPS_UI.ofTask} ${text(data.taskId)}` : text(data[subject])!);
  else if (parts.length === 1 && job.id != null) parts.push(String(job.id));
  if (subject && subject !== 'batchId' && text(data.batchId)) parts.push(`${OPS_UI.ofBatch} ${text(data.batchId)}`);
  return parts.join(' · ');
}

interface FlowNode {
  id?: string;
  name: string;
  children?: FlowNode[];
}

/** Names every node of a batch's tree as jobLabel does (the tree carries ids, not data). */
export function labelFlow<T extends FlowNode>(node: T): T {
  return { ...node, name: jobLabel({ name: node.name, id: node.id }), children: node.children?.map(labelFlow) };
}
