/** Russian texts of e-mail delivery and notices (DESIGN §17), once for the API, the worker and the web app. */
import { DELIVERY_PLACEHOLDERS } from './delivery.contract';

const placeholders = DELIVERY_PLACEHOLDERS.map((p) => `{${p}}`).join(', ');
const TEST_FAILED = 'Тестовое письмо не отправлено';

export const DELIVERY_ERR = {
  /** Field reasons (the API answers `Поле «to»: …`). */
  toRange: (min: number, max: number) => `укажите от ${min} до ${max} адресов`,
  ccRange: (max: number) => `не больше ${max} адресов`,
  addressList: 'ожидается список адресов электронной почты',
  badAddresses: (addresses: string[]) => `неверные адреса: ${addresses.join(', ')}`,
  emailInvalid: 'ожидается адрес электронной почты или null',
  unknownPlaceholder: (names: string[]) => `неизвестная подстановка ${names.map((n) => `{${n}}`).join(', ')}; можно: ${placeholders}`,
  lineBreak: 'тема письма не может содержать перевод строки',
  tooLong: (max: number) => `не длиннее ${max} символов`,
  textInvalid: 'ожидается строка',
  booleanInvalid: 'ожидается true или false',
  /** `POST /api/exports/{id}/send`. */
  alreadySent: (when: string) => `Уже отправлено ${when}`,
  noRecipients: 'Не указаны получатели: заполните «Отправка» на странице задачи',
  exportNotReady: 'Файл ещё не готов: отправить можно готовую выгрузку',
  batchRunning: 'Пакет ещё выполняется: отправить всем можно после его окончания',
  batchNotGenerate: 'Отправить можно только файлы пакетного формирования',
  /** The worker's outcomes, shown in the delivery log. */
  tooLarge: (mb: number) => `Файл слишком большой для письма (${mb.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ)`,
  /** Recipients the server refused while it took the message for the others. */
  partlyRejected: (addresses: string[]) => `не приняты адреса: ${addresses.join(', ')}`,
  rejected: (reply: string) => `Почтовый сервер отклонил письмо: ${reply}`,
  unreachable: (reason: string) => `Не удалось отправить письмо: ${reason}`,
  notConfigured: 'Почта не настроена: задайте SMTP_URL',
  fileGone: 'Файл выгрузки больше не хранится',
  /** Every attempt of a message was cut short by crashes (a worker killed each time). */
  lost: 'попытки исчерпаны после сбоев',
  /** `POST /api/admin/mail/test`. */
  testFailed: (reason: string) => `${TEST_FAILED}: ${reason}`,
} as const;

export const DELIVERY_UI = {
  card: 'Отправка',
  to: 'Кому',
  cc: 'Копия',
  subject: 'Тема',
  body: 'Текст письма',
  auto: 'Отправлять после каждой пакетной выгрузки',
  addressesHint: 'Адреса через запятую или с новой строки',
  placeholdersHint: `Подстановки: ${placeholders}`,
  save: 'Сохранить отправку',
  saved: 'Отправка сохранена',
  saveFailed: 'Не удалось сохранить отправку',
  notSet: 'Получатели не указаны',
  send: 'Отправить',
  resend: 'Отправить ещё раз',
  resendConfirm: (when: string) => `Файл уже отправлен ${when}. Отправить ещё раз?`,
  sendQueued: 'Письмо поставлено в очередь',
  sendFailed: 'Не удалось отправить',
  status: { queued: 'В очереди', sent: 'Отправлено', failed: 'Ошибка', none: 'Нет получателей' },
  sentAt: (when: string) => `Отправлено ${when}`,
  log: 'Журнал отправки',
  noDeliveries: 'Писем ещё не было',
  logColumns: { at: 'Когда', who: 'Кто', to: 'Кому', file: 'Файл', status: 'Состояние', reply: 'Ответ сервера' },
  attempts: (n: number) => `попыток: ${n}`,
  sendAll: 'Отправить всем',
  sendAllDone: (queued: number, already: number, none: number) => `Поставлено в очередь: ${queued}; уже отправлено: ${already}; без получателей: ${none}`,
  sendAllFailed: 'Не удалось отправить',
  batchColumn: 'Отправка',
  deliverOnBatch: 'Отправить получателям по готовности',
  deliverOnBatchHint: 'Каждый файл уходит получателям его задачи, как только сформирован',
  /** `Пользователи` (admins): a test message through the configured mail server. */
  mailTest: 'Проверка почты',
  mailTestHint: 'Письмо уходит сразу через настроенный почтовый сервер (SMTP_URL), и вы увидите его ответ',
  mailTestTo: 'Адрес для тестового письма',
  mailTestSend: 'Отправить тестовое письмо',
  mailTestSent: 'Тестовое письмо отправлено',
  mailTestFailed: TEST_FAILED,
  /** The price-list card and the account page. */
  follow: 'Следить',
  following: 'Вы следите',
  unfollow: 'Не следить',
  followHint: 'Письмо, когда версия задержана, источник не отвечает или пакет прайса завершён',
  followFailed: 'Не удалось изменить подписку',
  notices: 'Уведомления',
  email: 'Электронная почта',
  emailHint: 'На этот адрес приходят уведомления: о прайсах, за которыми вы следите, и о ваших пакетах',
  emailSaved: 'Адрес сохранён',
  emailSaveFailed: 'Не удалось сохранить адрес',
  noEmail: 'Адрес не указан: уведомления не приходят',
  followedLists: 'Прайсы, за которыми вы следите',
  noFollowed: 'Вы не следите ни за одним прайсом',
  saveEmail: 'Сохранить адрес',
} as const;

/** A new task's templates. */
export const DEFAULT_DELIVERY_TEMPLATES = {
  subject: '{task} — {date}',
  body: 'Здравствуйте!\n\nВо вложении файл «{task}» от {date}.\n',
} as const;

/** What the delivery log says of a message written to the outbox (no SMTP_URL). */
export const OUTBOX_REPLY = (path: string) => `Сохранено в ${path} (SMTP_URL не задан)`;

/** The notices' messages (DESIGN §17 “people told”). */
export const NOTICE_TEXT = {
  testSubject: 'Прайс-экспорт: тестовое письмо',
  testBody: 'Это тестовое письмо Прайс-экспорта. Раз оно пришло, отправка почты настроена.\n',
  heldSubject: (list: string) => `Прайс «${list}»: новая версия задержана`,
  heldBody: (list: string, file: string, reasons: string[], link: string) =>
    `Новая версия прайса «${list}» (${file}) не стала текущей: проверка её задержала.\n\nПричины:\n${reasons.map((r) => `— ${r}`).join('\n')}\n\nПримите или отклоните её на странице прайса: ${link}\n`,
  failingSubject: (list: string) => `Прайс «${list}»: источник не отвечает`,
  failingBody: (list: string, messages: string[], link: string) =>
    `Источник прайса «${list}» не ответил ${messages.length} раза подряд.\n\nПоследние ошибки:\n${messages.map((m) => `— ${m}`).join('\n')}\n\nНастройки источника: ${link}\n`,
  /** A batch's end, by its action (the words agree with it). */
  batchEnded: { generate: 'Пакетное формирование завершено', check: 'Пакетная проверка завершена' } as Record<string, string>,
  batchSubject: (ended: string, done: number, total: number, failed: number) => `${ended}: готово ${done} из ${total}${failed ? `, с ошибкой ${failed}` : ''}`,
  batchBody: (ended: string, started: string, lines: string[], link: string) =>
    `${ended} (запуск: ${started}).\n\n${lines.join('\n')}\n\nИтоги — во вложении; пакет: ${link}\n`,
  batchLine: (name: string, status: string, detail: string) => `— ${name}: ${status}${detail ? ` (${detail})` : ''}`,
  batchByItself: (list: string) => `само по новой версии прайса «${list}»`,
} as const;

/** How the journals tell the delivery events (web: features/audit/lib/audit-text.ts). */
export const DELIVERY_AUDIT_TEXT = {
  to: (list: string) => `кому: ${list}`,
  cc: (list: string) => `копия: ${list}`,
  auto: 'после каждой пакетной выгрузки',
  file: (name: string) => `файл «${name}»`,
  reply: (reply: string) => `ответ сервера: ${reply}`,
  resend: 'повторно',
  follow: (name: string) => `следит за прайсом «${name}»`,
  unfollow: (name: string) => `больше не следит за прайсом «${name}»`,
  email: (from: string, to: string) => `почта: ${from || '—'} → ${to || '—'}`,
  notice: { 'version-held': 'версия задержана', 'source-failing': 'источник не отвечает', 'batch-ended': 'пакет завершён' } as Record<string, string>,
  recipients: (n: number) => `получателей: ${n}`,
} as const;
