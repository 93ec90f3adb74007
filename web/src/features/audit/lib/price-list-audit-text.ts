import { guardThresholdsOf, PRICE_AUDIT_TEXT as T, columnLetter, type AuditEvent, type AuditAction } from '@app/contracts';
import { formatSize } from '../../../lib/format';

type Details = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const obj = (v: unknown): Details => (v && typeof v === 'object' ? (v as Details) : {});

/** The actions of price lists, their versions, sources, following and batches (DESIGN §12, §16). */
export const PRICE_LIST_ACTIONS: ReadonlySet<AuditAction> = new Set<AuditAction>([
  'price-list.create',
  'price-list.rename',
  'price-list.delete',
  'price-list.version',
  'price-list.settings',
  'price-version.hold',
  'price-version.accept',
  'price-version.reject',
  'price-source.set',
  'price-source.run',
  'task.price-list',
  'batch',
]);

/** A list's compare settings as a person reads them: `коды B, C, значения F`. */
function compareText(compare: unknown): string {
  if (!compare) return T.compareAuto;
  const c = obj(compare);
  const keys = obj(c.keyColumns);
  const keyLetters = [num(keys.ma), num(keys.gm)].filter((n) => n > 0).map(columnLetter).join(', ');
  const values = Array.isArray(c.valueColumns) ? (c.valueColumns as number[]).map(columnLetter).join(', ') : '';
  return T.compareColumns(keyLetters, values);
}

/** What a `price-list.settings` event changed, each setting as it became. */
function settingsText(d: Details): string[] {
  const from = obj(d.from);
  const to = obj(d.to);
  const out: string[] = [];
  if ('onNewVersion' in to) out.push(T.onNewVersionChanged(T.onNewVersion[str(from.onNewVersion)] ?? str(from.onNewVersion), T.onNewVersion[str(to.onNewVersion)] ?? str(to.onNewVersion)));
  if ('deliver' in to) out.push(T.deliver(to.deliver === true));
  if ('compare' in to) out.push(compareText(to.compare));
  if ('guard' in to) {
    const g = guardThresholdsOf(obj(to.guard));
    out.push(T.guard(num(g.maxRowDropPct), num(g.maxChangedPct), num(g.maxJumpPct)));
  }
  return out;
}

function sourceText(d: Details): string[] {
  if (d.removed) return [T.sourceRemoved];
  const where = d.kind === 'url' ? T.sourceUrl(str(d.where)) : T.sourceMailbox(str(d.where));
  const schedule = d.everyMinutes ? T.everyMinutes(num(d.everyMinutes)) : d.cron ? T.cron(str(d.cron), str(d.timezone) || 'Europe/Moscow') : T.manualOnly;
  return [where, schedule];
}

/** One line of a price-list event's details, in the journal's words; '' for another action. */
export function priceListAuditDetails(event: Pick<AuditEvent, 'action' | 'details'>): string[] {
  const d = event.details;
  const list = d.list !== undefined ? [T.list(str(d.list))] : [];
  switch (event.action) {
    case 'price-list.create':
      return [T.list(str(d.name))];
    case 'price-list.rename':
      return [`«${str(d.from)}» → «${str(d.to)}»`];
    case 'price-list.delete':
      return [T.list(str(d.name)), T.versions(num(d.versions))];
    case 'price-list.version':
      return [...list, T.version(str(d.name)), formatSize(num(d.size)), T.origin[str(d.origin) || 'upload']];
    case 'price-list.settings':
      return [...list, ...settingsText(d)];
    case 'price-version.hold': {
      const reasons = Array.isArray(d.reasons) ? (d.reasons as Details[]).map((r) => str(r.message)).join('; ') : '';
      return [...list, T.version(str(d.name)), T.heldBecause(reasons)];
    }
    case 'price-version.accept':
    case 'price-version.reject':
      return [...list, T.version(str(d.name))];
    case 'price-source.set':
      return [...list, ...sourceText(d)];
    case 'price-source.run':
      return [...list, T.runOutcome[str(d.outcome)] ?? str(d.outcome), str(d.message)];
    case 'task.price-list': {
      const side = (v: unknown) => (v ? T.list(str(obj(v).name)) : T.ownFile);
      return [`${side(d.from)} → ${side(d.to)}`];
    }
    case 'batch':
      return [T.batchAction[str(d.action)] ?? str(d.action), T.tasks(num(d.tasks)), d.deliver ? T.withDelivery : '', d.reason === 'new-version' ? T.byNewVersion : ''];
    default:
      return [];
  }
}
