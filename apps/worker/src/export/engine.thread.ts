import { parentPort } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import type { CompareSettings, FileColumns, FileKind, PriceListDiff } from '@app/contracts';
import { EngineError, SharedPriceMiss, checkExport, countPriceRows, diffPriceVersions, generateExport, keepPriceVersion, inspectPriceList, readColumns, sharePrice, type CheckOutput, type EngineInput, type EngineOutput, type SharedPrice } from '@app/export-engine';
import type { DiffFiles, ShareRequest } from './engine-runner';

/** A batch share for an export: always its id, its bytes only when the thread lacks it; `drop`: ids to let go of first. */
export interface ShareRef {
  id: number;
  bytes?: Uint8Array;
  drop: number[];
}

/**
 * What an engine thread is asked: an export (with the batch's share it holds or is given), the
 * check of one (DESIGN §11), a batch's shared price read to build and keep (§12), a version's
 * rows (§12), a file's columns (§10), two versions of a list compared (§16), or to let a share go (no reply).
 */
export type EngineThreadRequest =
  | { mode: 'generate'; input: Omit<EngineInput, 'sharedPrice'>; share?: ShareRef }
  | { mode: 'check'; input: Omit<EngineInput, 'sharedPrice'>; share?: ShareRef }
  | ({ mode: 'share'; keep: ShareRef } & ShareRequest)
  | { mode: 'rows'; price: string }
  | { mode: 'columns'; file: string; kind: FileKind }
  | { mode: 'inspect'; file: string }
  | ({ mode: 'diff'; before: string; after: string; settings: CompareSettings } & DiffFiles)
  | { mode: 'keep'; file: string; settings: CompareSettings; snapshotTo: string }
  | { mode: 'forget'; id: number };

export type EngineThreadReply =
  | ({ ok: true; mode: 'generate'; xlsx: Uint8Array } & Omit<EngineOutput, 'xlsx' | 'placement'>)
  | { ok: true; mode: 'check'; check: CheckOutput }
  | { ok: true; mode: 'share'; bytes: Uint8Array }
  | { ok: true; mode: 'rows'; rows: number }
  | { ok: true; mode: 'columns'; columns: FileColumns }
  | { ok: true; mode: 'diff'; diff: PriceListDiff }
  | { ok: true; mode: 'keep' }
  | { ok: true; mode: 'inspect'; format: 'xlsx' | 'csv' }
  | { ok: false; engineError: boolean; message: string; code?: string; missingShare?: number; priceMiss?: true };

/** The batch shares this thread holds, by the runner's ids (its ThreadShareLedger says which). */
const shares = new Map<number, SharedPrice>();

function heldShare(ref: ShareRef): SharedPrice | undefined {
  for (const id of ref.drop) shares.delete(id);
  if (ref.bytes) shares.set(ref.id, deserialize(ref.bytes) as SharedPrice);
  return shares.get(ref.id);
}

/** The bytes move to the worker instead of being copied, when they own their buffer. */
function owned(bytes: Buffer, transfer: ArrayBuffer[]): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) transfer.push(bytes.buffer as ArrayBuffer);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

async function answer(request: Exclude<EngineThreadRequest, { mode: 'forget' }>, transfer: ArrayBuffer[]): Promise<EngineThreadReply> {
  if (request.mode === 'rows') return { ok: true, mode: 'rows', rows: await countPriceRows(request.price) };
  if (request.mode === 'columns') return { ok: true, mode: 'columns', columns: await readColumns(request.file, request.kind) };
  if (request.mode === 'inspect') return { ok: true, mode: 'inspect', format: await inspectPriceList(request.file) };
  if (request.mode === 'diff') {
    const olderSnapshot = request.olderSnapshot ? await readFile(request.olderSnapshot) : undefined;
    return { ok: true, mode: 'diff', diff: await diffPriceVersions(request.before, request.after, request.settings, { xlsx: request.xlsx, snapshotTo: request.snapshotTo, olderSnapshot }) };
  }
  if (request.mode === 'keep') {
    await keepPriceVersion(request.file, request.settings, request.snapshotTo);
    return { ok: true, mode: 'keep' };
  }
  if (request.mode === 'share') {
    const { keep, mode: _mode, ...args } = request;
    for (const id of keep.drop) shares.delete(id);
    const share = await sharePrice(args.price, args.items, args.repeatColumns, args.keyColumns, { headers: args.headers });
    shares.set(keep.id, share);
    return { ok: true, mode: 'share', bytes: owned(serialize(share), transfer) };
  }
  const sharedPrice = request.share && heldShare(request.share);
  if (request.share && !sharedPrice) return { ok: false, engineError: false, message: `the engine thread lacks share ${request.share.id}`, missingShare: request.share.id };
  if (request.mode === 'check') return { ok: true, mode: 'check', check: await checkExport({ ...request.input, sharedPrice }) };
  const { xlsx, placement: _placement, ...rest } = await generateExport({ ...request.input, sharedPrice });
  return { ok: true, mode: 'generate', xlsx: owned(xlsx, transfer), ...rest };
}

/** An engine thread of ThreadEngineRunner: one job at a time, its input in, one reply out. */
async function run(request: EngineThreadRequest): Promise<void> {
  if (request.mode === 'forget') {
    shares.delete(request.id);
    return;
  }
  let reply: EngineThreadReply;
  const transfer: ArrayBuffer[] = [];
  try {
    reply = await answer(request, transfer);
  } catch (error) {
    const engineError = error instanceof EngineError;
    reply = { ok: false, engineError, message: (error as Error).message, code: engineError ? error.code : undefined };
    if (error instanceof SharedPriceMiss) reply.priceMiss = true;
  }
  parentPort!.postMessage(reply, transfer);
}

parentPort?.on('message', (request: EngineThreadRequest) => void run(request));
