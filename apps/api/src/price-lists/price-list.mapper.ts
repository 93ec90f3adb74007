import { guardThresholdsOf, type CompareSettings, type GuardThresholds, type HoldReason, type MadeBy, type PriceList, type PriceListVersion, type TaskPriceListRef } from '@app/contracts';
import type { PriceListEntity, PriceListRow, PriceListVersionEntity, UserEntity } from '@app/persistence';

const madeBy = (user: UserEntity | null | undefined): MadeBy => (user ? { id: user.id, login: user.login, displayName: user.displayName } : null);

/** The API shape of a version: the object key stays on the server. */
export function toPriceListVersion(v: PriceListVersionEntity): PriceListVersion {
  return {
    id: v.id,
    priceListId: v.priceListId,
    name: v.name,
    size: v.size,
    sha256: v.sha256.trim(),
    format: v.format,
    uploadedAt: v.uploadedAt.toISOString(),
    uploadedBy: madeBy(v.uploader),
    rows: v.rows,
    status: v.status,
    origin: v.origin,
    holdReasons: v.holdReasons as HoldReason[] | null,
    compared: v.diff !== null,
    decidedAt: v.decidedAt?.toISOString() ?? null,
    decidedBy: madeBy(v.decider),
  };
}

/** A list's guard thresholds with the defaults filled in (DESIGN §16). */
export const guardOf = (list: PriceListEntity): GuardThresholds => guardThresholdsOf(list.guard as Partial<GuardThresholds> | null);

export function toPriceList(row: PriceListRow): PriceList {
  return {
    id: row.list.id,
    name: row.list.name,
    createdAt: row.list.createdAt.toISOString(),
    createdBy: madeBy(row.list.creator),
    version: row.list.version,
    current: row.current ? toPriceListVersion(row.current) : null,
    taskCount: row.taskCount,
    staleCount: row.staleCount,
    heldCount: row.heldCount,
    onNewVersion: row.list.onNewVersion,
    deliver: row.list.deliver,
    compare: row.list.compare as CompareSettings | null,
    guard: guardOf(row.list),
    hasSource: row.hasSource,
  };
}

/** What a task's price card shows of the list it follows. */
export function toPriceListRef(list: PriceListEntity, current: PriceListVersionEntity | null): TaskPriceListRef {
  return { id: list.id, name: list.name, current: current ? toPriceListVersion(current) : null };
}
