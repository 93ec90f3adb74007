import { AUDIT_TEXT, DELIVERY_AUDIT_TEXT, ROLE_NAMES, type AuditEvent, type Role } from '@app/contracts';
import { formatSize } from '../../../lib/format';
import { PRICE_LIST_ACTIONS, priceListAuditDetails } from './price-list-audit-text';

type Details = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const roleName = (v: unknown): string => ROLE_NAMES[v as Role] ?? str(v);

function rulesChange(d: Details): string {
  const parts = Object.keys((d.to as Details | undefined) ?? {}).map((k) => AUDIT_TEXT.rulesPart[k] ?? k);
  return parts.length ? AUDIT_TEXT.changedParts(parts.join(', ')) : '';
}

function userChange(d: Details): string[] {
  const out = [str(d.login)];
  const role = d.role as { from?: unknown; to?: unknown } | undefined;
  const name = d.displayName as { from?: unknown; to?: unknown } | undefined;
  if (role) out.push(AUDIT_TEXT.role(roleName(role.from), roleName(role.to)));
  if (name) out.push(AUDIT_TEXT.displayName(str(name.from), str(name.to)));
  if (d.disabled === true) out.push(AUDIT_TEXT.disabledOn);
  if (d.disabled === false) out.push(AUDIT_TEXT.disabledOff);
  if (d.passwordReset) out.push(AUDIT_TEXT.passwordReset);
  if (d.passwordChanged) out.push(AUDIT_TEXT.passwordChanged);
  const email = d.email as { from?: unknown; to?: unknown } | undefined;
  if (email) out.push(DELIVERY_AUDIT_TEXT.email(str(email.from), str(email.to)));
  if (d.via === 'sso') out.push(role ? AUDIT_TEXT.roleFromSso : AUDIT_TEXT.viaSso);
  return out;
}

const list = (v: unknown): string => (Array.isArray(v) ? v.map(str).join(', ') : '');

/** DESIGN §17: a message of a file (to whom, which file, the server's reply or why it failed), a task's recipients, following a list, a test message. */
function deliveryText(action: string, d: Details): string[] {
  const out: string[] = [];
  if (action === 'price-list.follow') return [(d.following ? DELIVERY_AUDIT_TEXT.follow : DELIVERY_AUDIT_TEXT.unfollow)(str(d.name))];
  if (d.to !== undefined) out.push(DELIVERY_AUDIT_TEXT.to(Array.isArray(d.to) ? list(d.to) : str(d.to)));
  if (Array.isArray(d.cc) && d.cc.length) out.push(DELIVERY_AUDIT_TEXT.cc(list(d.cc)));
  if (d.file) out.push(DELIVERY_AUDIT_TEXT.file(str(d.file)));
  if (action === 'delivery.settings' && d.auto) out.push(DELIVERY_AUDIT_TEXT.auto);
  if (d.error) out.push(str(d.error));
  else if (d.reply) out.push(DELIVERY_AUDIT_TEXT.reply(str(d.reply)));
  return out;
}

/** One line of what an event's details say, in the journal's words (`+3 −1, изменено 2`). */
export function auditDetails(event: Pick<AuditEvent, 'action' | 'details'>): string {
  const d = event.details;
  if (PRICE_LIST_ACTIONS.has(event.action)) return priceListAuditDetails(event).filter(Boolean).join(', ');
  const parts: string[] = [];
  switch (event.action) {
    case 'task.create':
    case 'task.delete':
    case 'profile.create':
    case 'token.create':
    case 'token.revoke':
      parts.push(AUDIT_TEXT.quoted(str(d.name)));
      break;
    case 'task.rename':
      parts.push(AUDIT_TEXT.renamed(str(d.from), str(d.to)));
      break;
    case 'task.items':
      parts.push(AUDIT_TEXT.items(num(d.added), num(d.removed), num(d.changed)), AUDIT_TEXT.itemsTotal(num(d.count)));
      break;
    case 'task.upload':
      parts.push(AUDIT_TEXT.file[str(d.kind)] ?? str(d.kind), AUDIT_TEXT.quoted(str(d.name)), formatSize(num(d.size)), `sha256 ${str(d.sha256).slice(0, 12)}…`);
      break;
    case 'task.profile':
      parts.push(d.from !== undefined ? AUDIT_TEXT.profileMoved(str(d.from), str(d.profile)) : AUDIT_TEXT.profile(str(d.profile)));
      if (d.rules) parts.push(AUDIT_TEXT.rulesCopied);
      break;
    case 'rules.update':
    case 'profile.update':
      if (d.name) parts.push(AUDIT_TEXT.quoted(str(d.name)));
      else if (d.profile) parts.push(AUDIT_TEXT.profile(str(d.profile)));
      parts.push(d.fix ? AUDIT_TEXT.headerFix : rulesChange(d));
      break;
    case 'profile.delete':
      parts.push(AUDIT_TEXT.quoted(str(d.name)), AUDIT_TEXT.movedTasks(num(d.movedTasks)));
      break;
    case 'check':
    case 'export':
      parts.push(AUDIT_TEXT.counts(num(d.rows), typeof d.found === 'number' ? d.found : null, num(d.warnings)));
      if (typeof d.size === 'number') parts.push(formatSize(d.size));
      break;
    case 'user.create':
      parts.push(str(d.login), roleName(d.role));
      if (d.via === 'sso') parts.push(AUDIT_TEXT.viaSso);
      if (d.via === 'first-start') parts.push(AUDIT_TEXT.firstStart);
      break;
    case 'user.update':
      parts.push(...userChange(d));
      break;
    case 'auth.sign-in':
      parts.push(d.via === 'sso' ? AUDIT_TEXT.viaSso : AUDIT_TEXT.viaPassword, AUDIT_TEXT.from(str(d.address)));
      break;
    case 'delivery.settings':
    case 'delivery.sent':
    case 'delivery.failed':
    case 'price-list.follow':
    case 'mail.test':
      parts.push(...deliveryText(event.action, d));
      break;
    case 'auth.sign-in-failed':
      parts.push(AUDIT_TEXT.triedLogin(str(d.login)), AUDIT_TEXT.from(str(d.address)));
      if (d.during === 'password-change') parts.push(AUDIT_TEXT.duringPasswordChange);
      break;
    default:
      return Object.keys(d).length ? JSON.stringify(d) : '';
  }
  return parts.filter(Boolean).join(', ');
}
