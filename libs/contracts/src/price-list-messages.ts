/** Russian texts of price lists and batches (DESIGN §12), once for the API, the worker and the web app. */

export const PRICE_LIST_ERR = {
  onNewVersionInvalid: 'ожидается none, check или generate',
  /** `…/diff` of a version that was not compared (a list's first version, or one whose comparison could not be made). */
  notCompared: 'Версия не сравнивалась с предыдущей',
  /** `Принять` / `Отклонить` of a version that is not held (decided already). */
  notHeld: 'Версия не задержана: решение уже принято',
  deliverInvalid: 'ожидается true или false',
  notFound: 'Прайс не найден',
  versionNotFound: 'Версия прайса не найдена',
  nameRequired: 'Укажите название прайса',
  nameTooLong: (max: number) => `Название прайса длиннее ${max} символов`,
  nameTaken: 'Прайс с таким названием уже есть',
  /** A rename made from a page opened before the list's last change. */
  changed: 'Прайс изменён в другом окне. Обновите страницу',
  versionInvalid: 'ожидается номер версии прайса — целое число от 1',
  inUse: (tasks: number) => `Прайс используется в задачах: ${tasks}`,
  /** `priceListId` of a task's PATCH that names no list. */
  noSuchList: 'нет такого прайса',
  idInvalid: 'ожидается id прайса или null',
} as const;

export const PRICE_LIST_UI = {
  pageTitle: 'Прайсы',
  navLink: 'Прайсы',
  create: 'Создать прайс',
  namePrompt: 'Название прайса',
  rename: 'Переименовать',
  delete: 'Удалить прайс',
  deleteConfirm: (name: string) => `Удалить прайс «${name}» со всеми версиями?`,
  uploadVersion: 'Загрузить новую версию',
  versions: 'Версии',
  noVersions: 'Версий ещё нет: загрузите файл прайса',
  noLists: 'Прайсов пока нет',
  current: 'текущая',
  download: 'Скачать',
  columns: 'Колонки',
  tasks: (n: number) => `Задач: ${n}`,
  staleTasks: (n: number) => `устарели: ${n}`,
  generateAll: 'Сформировать все',
  uploadedBy: (who: string, when: string) => `${when}, ${who}`,
  /** The price card's choice of source. */
  ownFile: 'Свой файл',
  fromLibrary: 'Прайс из библиотеки',
  chooseList: 'Выберите прайс',
  /** The task page's line and the sidebar dot's title. */
  stale: 'Прайс обновлён после последней выгрузки',
  /** In the export history: the version an export used. */
  versionOf: (date: string) => `Прайс от ${date}`,
  versionAdded: (tasks: number) => `Новая версия загружена. Задач, которые стоит сформировать заново: ${tasks}`,
  /** The web app's page, toasts and tables. */
  loadFailed: 'Не удалось загрузить прайсы',
  created: 'Прайс создан',
  createFailed: 'Не удалось создать прайс',
  renamed: 'Прайс переименован',
  renameFailed: 'Не удалось переименовать прайс',
  deleted: 'Прайс удалён',
  deleteFailed: 'Не удалось удалить прайс',
  cancel: 'Отмена',
  noCurrent: 'Файл ещё не загружен',
  versionsLoadFailed: 'Не удалось загрузить версии прайса',
  columnsLoadFailed: 'Не удалось прочитать колонки прайса',
  noColumns: 'Колонок не найдено',
  versionColumns: { date: 'Загружена', file: 'Файл', size: 'Размер', rows: 'Строк', who: 'Кто загрузил', columnLetter: 'Колонка', header: 'Заголовок', samples: 'Примеры' },
  /** A version's rows before a worker has counted them (a moment after the upload). */
  rowsUnknown: 'не подсчитано',
  /** The task page's price card. */
  source: 'Источник прайса',
  followChanged: (name: string) => `Задача берёт прайс «${name}»`,
  ownFileChosen: 'Задача берёт свой файл прайса',
  followFailed: 'Не удалось сменить прайс задачи',
  noFollowing: 'Нет задач, которые берут этот прайс',
} as const;

export const BATCH_ERR = {
  notFound: 'Пакет не найден',
  tasksRange: (max: number) => `Выберите от 1 до ${max} задач`,
  actionInvalid: 'ожидается generate или check',
  taskIdsInvalid: 'ожидается список id задач',
  /** A task of the request that does not exist: the batch is not started. */
  unknownTasks: (n: number) => `Задачи не найдены: ${n}`,
  nothingToDownload: 'В пакете ещё нет готовых файлов',
  /** A check of a batch whose job was lost more often than it may be queued again. */
  checkLost: 'Проверка прервана сбоем, запустите её ещё раз',
} as const;

/** The sidebar's button that turns the task list into checkboxes. */
const SELECT_TASKS = 'Выбрать';

export const BATCH_UI = {
  select: SELECT_TASKS,
  cancelSelect: 'Отмена',
  checkSelected: 'Проверить выбранные',
  generateSelected: 'Сформировать выбранные',
  title: { generate: 'Пакетное формирование', check: 'Пакетная проверка' },
  progress: (finished: number, total: number) => `Готово ${finished} из ${total}`,
  downloadAll: 'Скачать всё (.zip)',
  started: 'Пакет запущен',
  failedCount: (n: number) => `С ошибкой: ${n}`,
  status: { queued: 'В очереди', running: 'Выполняется', done: 'Готово', failed: 'Ошибка' },
  columns: {
    task: 'Задача',
    status: 'Статус',
    rows: 'Строк',
    found: 'Найдено',
    notFound: 'Не найдено',
    warnings: 'Предупреждений',
    changes: 'Изменения',
    who: 'Кто запустил',
    error: 'Ошибка',
    file: 'Файл',
    /** The list of recent batches. */
    started: 'Запущен',
    batch: 'Пакет',
    progress: 'Выполнено',
  },
  changes: (c: { added: number; removed: number; changed: number; lost: number }) => `+${c.added} −${c.removed}, изменено ${c.changed}, потеряно ${c.lost}`,
  /** Итоги.xlsx: its sheet and header row. */
  summarySheet: 'Итоги',
  summaryHeader: ['Задача', 'Статус', 'Строк', 'Найдено', 'Не найдено', 'Предупреждений', 'Добавлено', 'Удалено', 'Изменено', 'Потеряно', 'Файл', 'Ошибка'],
  /** The sidebar's link and the page `/batches`: the newest batches, whoever started them. */
  recent: 'Пакеты',
  recentNote: (max: number) => `Последние ${max}, новые сверху`,
  noRecent: 'Пакетов пока нет',
  noRecentHint: `Пакет запускает «${PRICE_LIST_UI.generateAll}» на странице «${PRICE_LIST_UI.pageTitle}» или «${SELECT_TASKS}» над списком задач`,
  recentLoadFailed: 'Не удалось загрузить пакеты',
  /** The archive's name of a file whose task name leaves nothing usable on Windows. */
  unnamedFile: 'Задача',
  /** The archive's own name: `Пакет 25.11.2026.zip`. */
  archiveName: (date: string) => `Пакет ${date}.zip`,
  startFailed: 'Не удалось запустить пакет',
  loadFailed: 'Не удалось загрузить пакет',
  /** The sidebar's selection: how many tasks are ticked. */
  selected: (n: number) => `Выбрано: ${n}`,
  startedAt: (when: string, who: string) => `Запущен ${when}${who ? `, ${who}` : ''}`,
} as const;

/**
 * DESIGN §16: why a new version of a price list is held, as staff read it. Numbers arrive
 * formatted (price-list-guard.ts: `100 000` with a no-break space, `120,50`), so the texts say
 * only the words.
 */
export const PRICE_GUARD = {
  rowsDropped: (pct: string, before: string, after: string) => `Строк стало меньше на ${pct}\u00a0% (было ${before}, стало ${after})`,
  manyChanged: (pct: string, changed: string, matched: string) => `Изменились значения у ${pct}\u00a0% позиций (${changed} из ${matched})`,
  /** `how`: `вдвое`, `втрое`, `в 1,5 раза` (guardFactorText); `codes`: `1 240 позиций`; `example`: `0031000: 120,50 → 12 050,00`. */
  priceRose: (how: string, codes: string, example: string) => `Цена выросла более чем ${how} у ${codes} (например, ${example})`,
  priceFell: (how: string, codes: string, example: string) => `Цена упала более чем ${how} у ${codes} (например, ${example})`,
  columnMissing: (header: string) => `Колонка «${header}» не найдена`,
  columnMoved: (header: string, from: string, to: string) => `Колонка «${header}» перемещена из ${from} в ${to}`,
  /** `у 1 позиции`, `у 2 позиций`, `у 21 позиции`. */
  codes: (n: number, formatted: string) => `${formatted} ${n % 10 === 1 && n % 100 !== 11 ? 'позиции' : 'позиций'}`,
  /** An empty value in an example. */
  empty: 'пусто',
  /** The comparison itself failed for good (the engine refused a file): a person looks before it is used. */
  compareFailed: (why: string) => `Не удалось сравнить с текущей версией: ${why}`,
} as const;

/** Validation of a list's compare and guard settings (`PATCH /api/price-lists/{id}`), each naming its field. */
export const PRICE_COMPARE_ERR = {
  keyColumnRequired: 'укажите колонку кода МА или ГМ',
  column: (max: number) => `ожидается номер колонки от 1 до ${max}`,
  keyColumn: (max: number) => `ожидается номер колонки от 0 до ${max}`,
  valueColumnsInvalid: 'ожидается список номеров колонок',
  valueColumnsTooMany: (max: number) => `не больше ${max} колонок`,
  percent: (min: number, max: number) => `ожидается целое число процентов от ${min} до ${max}`,
} as const;

/** `diff.xlsx` (DESIGN §16): every change of a version, one row each, and the codes added and removed. */
export const PRICE_DIFF_XLSX = {
  fileName: 'diff.xlsx',
  changesSheet: 'Изменения',
  addedSheet: 'Добавлены',
  removedSheet: 'Удалены',
  changesHeader: ['Код', 'Колонка', 'Было', 'Стало', 'Δ %'],
  code: 'Код',
  /** A compared column as the workbook names it: `F — Цена с НДС`, or `F` alone. */
  column: (letter: string, header: string) => (header ? `${letter} — ${header}` : letter),
} as const;

/** The journal's lines of price lists, their versions, sources and batches (DESIGN §12, §16). */
export const PRICE_AUDIT_TEXT = {
  list: (name: string) => `прайс «${name}»`,
  version: (name: string) => `версия «${name}»`,
  versions: (n: number) => `версий ${n}`,
  origin: { upload: 'загружена вручную', url: 'получена по адресу', mailbox: 'получена по почте' } as Record<string, string>,
  ownFile: 'свой файл',
  onNewVersion: { none: 'ничего не делать', check: 'проверять задачи', generate: 'формировать файлы задач' } as Record<string, string>,
  onNewVersionChanged: (from: string, to: string) => `при новой версии: ${from} → ${to}`,
  deliver: (on: boolean) => (on ? 'отправлять файлы: да' : 'отправлять файлы: нет'),
  compareAuto: 'сравнение по правилам задач',
  compareColumns: (keys: string, values: string) => `сравнение: коды ${keys}, значения ${values || '—'}`,
  guard: (rows: number, changed: number, jump: number) => `пороги: строк −${rows} %, изменений ${changed} %, скачок ${jump} %`,
  heldBecause: (reasons: string) => `задержана: ${reasons}`,
  sourceUrl: (where: string) => `адрес ${where}`,
  sourceMailbox: (where: string) => `почтовый ящик ${where}`,
  sourceRemoved: 'источник удалён',
  everyMinutes: (n: number) => `каждые ${n} мин`,
  cron: (cron: string, tz: string) => `по расписанию «${cron}» (${tz})`,
  manualOnly: 'только вручную',
  runOutcome: { 'new-version': 'новая версия', unchanged: 'без изменений', held: 'версия задержана', failed: 'ошибка' } as Record<string, string>,
  batchAction: { generate: 'формирование', check: 'проверка' } as Record<string, string>,
  tasks: (n: number) => `задач ${n}`,
  withDelivery: 'с отправкой',
  byNewVersion: 'по новой версии прайса',
} as const;
