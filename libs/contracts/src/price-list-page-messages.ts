/**
 * Russian texts of the `Прайсы` page's fourth-wave parts (DESIGN §16): a list's own settings, its
 * source and runs, its versions' status, hold reasons, decisions and comparison.
 */
import { PRICE_GUARD, PRICE_LIST_UI } from './price-list-messages';
import type { OnNewVersion, PriceVersionStatus } from './price-list.contract';
import type { SourceKind, SourceRunOutcome } from './source.contract';

/** A list's settings: what a new version sets off, the guard's thresholds, the compared columns. */
export const PRICE_SETTINGS_UI = {
  title: 'Настройки',
  onNewVersion: 'Когда версия становится текущей',
  onNewVersionOptions: { none: 'Ничего не делать', check: 'Проверять задачи', generate: 'Формировать файлы задач' } satisfies Record<OnNewVersion, string>,
  deliver: 'Отправлять файлы получателям',
  deliverHint: 'Файлы пакета, запущенного прайсом, уходят получателям из карточки «Отправка» каждой задачи',
  guard: 'Задерживать новую версию, если',
  maxRowDropPct: 'строк стало меньше, более чем на %',
  maxChangedPct: 'значения изменились у позиций, более чем %',
  maxJumpPct: 'значение выросло или упало, более чем на %',
  jumpHint: (codesPct: string) => `100 % — вдвое; версия задерживается, если таких позиций больше ${codesPct} %`,
  byDefault: (n: number) => `по умолчанию ${n}`,
  compare: 'Сравнивать версии по колонкам',
  compareAuto: 'По правилам задач',
  compareOwn: 'Выбрать колонки',
  compareAutoHint: 'Коды и цены, которые переносят задачи, следящие за прайсом',
  /** A key column left empty is not compared by (at least one is set). */
  keyUnused: 'не используется',
  columnPlaceholder: 'номер или заголовок',
  valueColumns: 'Колонки значений',
  valueColumn: (n: number) => `Колонка значений ${n}`,
  addValueColumn: 'Добавить колонку',
  removeValueColumn: 'Убрать колонку',
  noColumnsYet: 'Колонки можно выбрать, когда у прайса есть текущая версия',
  save: 'Сохранить настройки',
  saved: 'Настройки прайса сохранены',
  saveFailed: 'Не удалось сохранить настройки прайса',
  /** A viewer's read-only line of the compared columns: `коды B, значения F, G`. */
  compareColumns: (keys: string, values: string) => `коды ${keys || '—'}, значения ${values || '—'}`,
  yes: 'да',
  no: 'нет',
} as const;

/** A list's source (`Источник`): its form, the connection check, a poll now, the runs. */
export const PRICE_SOURCE_UI = {
  title: 'Источник',
  none: 'Источник не задан: новые версии загружаются вручную',
  kind: 'Откуда брать прайс',
  kinds: { url: 'Адрес (URL)', mailbox: 'Почтовый ящик (IMAP)' } satisfies Record<SourceKind, string>,
  url: 'Адрес',
  login: 'Логин',
  password: 'Пароль',
  token: 'Токен',
  /** A stored secret: never shown, the field left empty keeps it. */
  secretKept: 'сохранён',
  secretHint: 'Пароль и токен не показываются; оставьте поле пустым, чтобы не менять',
  authHint: 'Логин и пароль или токен — если сервер их требует',
  host: 'Сервер',
  port: 'Порт',
  tls: 'Шифрованное соединение (TLS)',
  folder: 'Папка',
  from: 'От кого',
  fromPlaceholder: 'price@supplier.ru или @supplier.ru',
  subjectContains: 'Тема содержит',
  fileName: 'Имя вложения',
  fileNamePlaceholder: '*.xlsx',
  processedFolder: 'Папка для обработанных писем',
  processedHint: 'Пусто: письмо остаётся в папке и помечается прочитанным',
  schedule: 'Проверять',
  schedules: { none: 'Только вручную', every: 'Каждые N минут', cron: 'По расписанию (cron)' },
  everyMinutes: 'Каждые, минут',
  cron: 'Расписание cron',
  cronPlaceholder: '0 9 * * 1',
  timezone: 'Часовой пояс',
  save: 'Сохранить источник',
  saved: 'Источник сохранён',
  saveFailed: 'Не удалось сохранить источник',
  remove: 'Удалить источник',
  removeConfirm: 'Удалить источник прайса? Загруженные версии останутся',
  removed: 'Источник удалён',
  removeFailed: 'Не удалось удалить источник',
  test: 'Проверить подключение',
  testFailed: 'Не удалось проверить подключение',
  testFiles: 'Файлы',
  runNow: 'Проверить сейчас',
  runStarted: 'Проверка запущена',
  runFailed: 'Не удалось запустить проверку',
  nextRun: (when: string) => `Следующая проверка: ${when}`,
  manualOnly: 'Проверяется только по кнопке «Проверить сейчас»',
  failures: (n: number) => `Ошибок подряд: ${n}`,
  runs: 'Последние проверки',
  noRuns: 'Проверок ещё не было',
  runColumns: { at: 'Время', outcome: 'Результат', message: 'Сообщение', version: 'Версия' },
  outcomes: { 'new-version': 'новая версия', unchanged: 'без изменений', held: 'задержана', failed: 'ошибка' } satisfies Record<SourceRunOutcome, string>,
  running: 'идёт проверка',
  openVersion: 'Открыть версию',
  loadFailed: 'Не удалось загрузить источник прайса',
  runsLoadFailed: 'Не удалось загрузить проверки источника',
  /** Cancels a new source's form before it is saved. */
  cancel: PRICE_LIST_UI.cancel,
  add: 'Задать источник',
} as const;

/** A version's row: its status and origin, a held one's reasons and the decision, its comparison. */
export const PRICE_VERSION_UI = {
  status: { current: PRICE_LIST_UI.current, pending: 'сравнивается', held: 'задержана', rejected: 'отклонена', old: 'прежняя' } satisfies Record<PriceVersionStatus, string>,
  origin: { upload: 'вручную', url: 'по адресу', mailbox: 'по почте' } as Record<string, string>,
  statusColumn: 'Статус',
  originColumn: 'Откуда',
  /** The card's line while versions wait for a decision. */
  heldCount: (n: number) => `Ждут решения: ${n}`,
  heldTitle: 'Версия задержана и не используется, пока её не примут',
  /** The toast of an upload the guard held. */
  heldToast: (reasons: string) => `Версия задержана: ${reasons}`,
  accept: 'Принять',
  reject: 'Отклонить',
  accepted: 'Версия принята и стала текущей',
  rejected: 'Версия отклонена',
  decideFailed: 'Не удалось принять решение по версии',
  decided: (who: string, when: string) => `Решение: ${who}, ${when}`,
  compare: 'Сравнение',
  hideCompare: 'Скрыть сравнение',
} as const;

/** The comparison of a version with the one current before it (`…/diff`). */
export const PRICE_DIFF_UI = {
  title: 'Сравнение с предыдущей текущей версией',
  rows: (before: string, after: string) => `Строк с кодом: было ${before}, стало ${after}`,
  added: (n: string) => `Добавлены коды: ${n}`,
  removed: (n: string) => `Удалены коды: ${n}`,
  changed: (n: string) => `Изменённых значений: ${n}`,
  firstOf: (shown: string, total: string) => `показаны первые ${shown} из ${total}`,
  columns: { code: 'Код', column: 'Колонка', was: 'Было', now: 'Стало', pct: 'Δ %' },
  noChanges: 'Значения не изменились',
  headerChanges: 'Заголовки сравниваемых колонок',
  headerMissing: (letter: string, was: string) => `${letter}: колонка «${was}» не найдена`,
  headerMoved: (was: string, from: string, to: string) => `«${was}» перемещена из ${from} в ${to}`,
  headerRenamed: (letter: string, was: string, now: string) => `${letter}: «${was}» → «${now || '—'}»`,
  download: 'Скачать сравнение (.xlsx)',
  loadFailed: 'Не удалось загрузить сравнение',
  empty: PRICE_GUARD.empty,
} as const;
