import type { FileKind } from '@app/contracts';
import { EngineError, inspectPriceList, inspectTemplate } from '@app/export-engine';

export interface UploadInspectTask {
  path: string;
  kind: FileKind;
}

/** What the check found: the file's format, or the engine's refusal in Russian (an error loses its class on the way back). */
export type UploadInspectAnswer = { format: 'xlsx' | 'csv' } | { refused: string };

/** Runs in an UploadInspector thread (piscina's default export). */
export default async function inspectUpload({ path, kind }: UploadInspectTask): Promise<UploadInspectAnswer> {
  try {
    if (kind === 'price') return { format: await inspectPriceList(path) };
    await inspectTemplate(path);
    return { format: 'xlsx' };
  } catch (error) {
    if (error instanceof EngineError) return { refused: error.message };
    throw error;
  }
}
