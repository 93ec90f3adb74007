/**
 * Every user-facing Russian string, once. The UI, the API and the worker import from here so the
 * texts of spec/ui-spec.md cannot drift between them.
 */
import type { CheckWarningCode } from './check.contract';
import { LIMITS } from './limits';

export const UI = {
  productName: 'Прайс-экспорт',
  /** An items table cell's accessible name: `Код МА, строка 3`. */
  cellLabel: (column: string, row: number) => `${column}, строка ${row}`,
  sizeUnits: { b: 'Б', kb: 'КБ', mb: 'МБ' },
  version: 'v1.0.1',
  copyright: '© Прайс-экспорт, внутренний инструмент',
  addTask: 'Добавить задачу',
  newTaskPrompt: 'Название задачи',
  deleteTask: 'Удалить задачу',
  deleteTaskConfirm: (name: string) => `Удалить задачу «${name}»? Это действие необратимо.`,
  rulesLink: 'Правила переноса',
  helpLink: 'Справка по использованию',
  tasksHeading: 'Задачи',
  noTasks: 'Нет задач',
  noTasksHint: 'Создайте первую задачу кнопкой «Добавить задачу» в меню слева.',
  loading: 'Загрузка…',
  createdAt: 'Создана',
  save: 'Сохранить',
  saving: 'Сохранение…',
  generate: 'Сформировать',
  generating: 'Формируем…',
  filesSection: 'Файлы',
  priceCard: 'Прейскурант',
  templateCard: 'Шаблон экспорта',
  fileChosen: 'Файл выбран',
  fileNotChosen: 'Не выбран',
  dropHint: 'Перетащите .xlsx сюда или нажмите, чтобы выбрать файл',
  /** The price card's hint: a price list may also be a CSV (the template stays .xlsx only). */
  dropHintPrice: 'Перетащите .xlsx или .csv сюда или нажмите, чтобы выбрать файл',
  sheetNote: 'Используется лист «Данные», а если его нет — первый лист.',
  itemsSection: 'Позиции',
  columns: {
    ma: 'Код МА',
    gm: 'Код ГМ',
    name: 'Название',
    minQty: 'Мин. кол-во',
    step: 'Шаг (кратность)',
  },
  addRow: '+ Строка',
  deleteRow: 'Удалить строку',
  pasteHint: 'Можно вставить строки из Excel (Ctrl+V) в любую ячейку таблицы.',
  unmatchedRow: 'Не найдено в прейскуранте',
  unsavedChanges: 'Есть несохранённые изменения. Уйти со страницы?',
  mappingTitle: 'Правила переноса',
  manualSection: 'Ручные поля → Колонки шаблона',
  priceSection: 'Колонки прейскуранта → Колонки шаблона',
  keysSection: 'Поиск позиций в прейскуранте',
  keyMa: 'Колонка кода МА',
  keyGm: 'Колонка кода ГМ',
  zeroNotTransferred: '0 = не переносить',
  zeroAutoDetect: '0 = определить автоматически',
  priceColumn: 'Колонка прейскуранта',
  templateColumn: 'Колонка шаблона',
  remove: 'Удалить',
  addPair: '+ Пара',
  exportsSection: 'История выгрузок',
  download: 'Скачать',
  taskNotFound: 'Задача не найдена',
  taskNotFoundHint: 'Возможно, её удалили. Выберите другую задачу в меню слева.',
  pageNotFound: 'Страница не найдена',
  toHome: 'На главную',
  uploading: 'Загрузка файла…',
  unsavedMark: 'не сохранено',
  noExports: 'Выгрузок пока нет',
  exportStatus: { queued: 'В очереди', running: 'Формируется', done: 'Готово', failed: 'Ошибка' },
  mappingHint:
    'Номера колонок: 1 = A, 2 = B и так далее. Правила профиля копируются в каждую его задачу при сохранении позиций.',
} as const;

/** Toasts of spec §8, exact. */
export const TOAST = {
  loadTasksFailed: 'Не удалось загрузить задачи',
  createFailed: 'Не удалось создать задачу',
  deleteFailed: 'Не удалось удалить',
  saveFailed: 'Не удалось сохранить',
  uploadFailed: 'Ошибка загрузки',
  generateFailed: 'Ошибка формирования',
  created: 'Задача создана',
  deleted: 'Задача удалена',
  saved: 'Сохранено',
  mappingSynced: 'Сопоставления обновлены из глобальных',
  uploaded: 'Файл загружен',
  generated: 'Файл сформирован',
  generatedSummary: (matched: number, rows: number) => `Найдено в прейскуранте: ${matched} из ${rows}`,
} as const;

/** Error bodies of the API ({"error": …}). */
export const ERR = {
  taskNameRequired: 'Укажите название задачи',
  taskNameTooLong: (max: number) => `Название задачи длиннее ${max} символов`,
  taskNotFound: 'Задача не найдена',
  exportNotFound: 'Выгрузка не найдена',
  fileNotFound: 'Файл не загружен',
  notFound: 'Не найдено',
  badJson: 'Некорректный JSON в теле запроса',
  badRequest: 'Некорректный запрос',
  unknownListView: 'Параметр «view»: допустимо только значение summary',
  taskChanged: 'Задача изменена в другом окне. Обновите страницу',
  versionInvalid: 'ожидается номер версии задачи — целое число от 1',
  bodyTooLarge: 'Слишком большой запрос',
  invalidField: (field: string, why: string) => `Поле «${field}»: ${why}`,
  /** A bad value of an item, as the row of the table it is in names it (row from 1). */
  itemField: (row: number | string, column: string, why: string) => `Строка ${row}, «${column}»: ${why}`,
  /** An item that is not an object at all. */
  itemInvalid: (row: number | string, why: string) => `Строка ${row}: ${why}`,
  qtyDigitsOnly: 'допустимы только цифры (разряды можно разделять пробелом: 1 000)',
  qtyTooLarge: (max: number) => `не больше ${max}`,
  controlChars: 'содержит недопустимые управляющие символы',
  tooManyItems: (max: number) => `Слишком много позиций (максимум ${max})`,
  noFile: 'Файл не передан (ожидается поле «file»)',
  fileTooLarge: (mb: number) => `Файл слишком большой (максимум ${mb} МБ)`,
  fileEmpty: 'Файл пустой',
  fileXls: 'Файл в старом формате Excel (.xls). Сохраните его как .xlsx и загрузите снова',
  fileEncrypted: 'Файл защищён паролем. Снимите защиту в Excel и загрузите снова',
  fileText: 'Это текстовый файл (например, CSV), а не книга Excel .xlsx',
  fileTruncated: 'Файл повреждён или загружен не полностью',
  fileNotZip: 'Файл не является книгой Excel .xlsx',
  fileNotWorkbook: 'Архив не является книгой Excel .xlsx',
  fileZipBomb: 'Файл слишком сильно сжат или слишком велик после распаковки',
  /** A job's engine thread ran past its bounds on a file (DESIGN §15); `why` names the bound. */
  fileTooComplex: (why: string) => `Файл слишком сложный для обработки: ${why}`,
  boundHeap: (mb: number) => `не хватило памяти (предел ${mb} МБ)`,
  boundTime: (seconds: number) => `обработка заняла больше ${seconds} с`,
  priceNotTable: 'Файл не является книгой Excel .xlsx или текстовым файлом CSV',
  csvNotText: 'Файл не похож на текстовый CSV: в нём есть двоичные данные',
  csvNoRows: 'В файле CSV не найдены строка заголовка (хотя бы две колонки) и строки данных под ней',
  noPrice: 'Не загружен прейскурант',
  noTemplate: 'Не загружен шаблон экспорта',
  noItems: 'Нет позиций для выгрузки',
  queueUnavailable: 'Очередь недоступна, попробуйте позже',
  generateTimeout: 'Превышено время ожидания формирования файла',
  generateFailed: 'Ошибка формирования',
  checkTimeout: 'Превышено время ожидания проверки',
  checkFailed: 'Ошибка проверки',
  internal: 'Внутренняя ошибка сервера',
  serviceUnavailable: 'Сервис временно недоступен, попробуйте позже',
  /** A request met a database error: a dropped connection, a released query runner, a server shutting down (DESIGN §15). */
  databaseUnavailable: 'База данных недоступна',
  /** A request met a storage error, or storage is known to be down (its last call or probe failed in the last 10 s). */
  storageUnavailable: 'Хранилище файлов недоступно',
  crossSite: 'Запрос с другого сайта отклонён',
  exportLost: 'Формирование прервано сбоем, сформируйте файл ещё раз',
  serverUnreachable: 'Сервер недоступен',
  profileNotFound: 'Профиль правил не найден',
  /** A profile id given in a body (a task's profileId, copyFrom) that names no profile. */
  noSuchProfile: 'нет такого профиля правил',
  profileIdInvalid: 'ожидается id профиля правил',
  profileNameRequired: 'укажите название профиля',
  profileNameTooLong: (max: number) => `не длиннее ${max} символов`,
  profileNameTaken: 'Профиль с таким названием уже есть',
  /** A save of a profile's rules made from a page opened before its last change. */
  profileChanged: 'Профиль изменён в другом окне. Обновите страницу',
  profileVersionInvalid: 'ожидается номер версии профиля — целое число от 1',
  defaultProfileDelete: 'Нельзя удалить общие правила',
  defaultProfileRename: 'Нельзя переименовать общие правила',
  headerTextInvalid: 'ожидается текст заголовка',
  fixFileInvalid: 'ожидается price или template',
  fixSameColumn: 'ожидается другая колонка',
  /** `Исправить` for a header that is no longer where the page saw it. */
  headerFixStale: 'Заголовки файла уже другие, обновите страницу',
  headerFixTaken: (letter: string) => `Колонка ${letter} уже занята другим правилом: исправьте правила вручную`,
} as const;

/** The name of the default rule profile, the spec's global rules (DESIGN §10). */
export const DEFAULT_PROFILE_NAME = 'Общие правила';

/** The engine report's warnings (ExportWarning in export.contract.ts), as the user reads them. */
export const REPORT_WARNING = {
  tableNotExtended: (table: string) =>
    `Таблица «${table}» со строкой итогов не расширена: строки выгрузки добавлены под ней`,
  mergeOverData: (ref: string) => `Объединённые ячейки ${ref} шаблона перекрывают строки выгрузки`,
} as const;

/** DESIGN §10 guard and §11 check warnings, by code. */
export const CHECK_WARNING = {
  qtyNotMultiple: (minQty: number, step: number) => `Мин. кол-во ${minQty} не кратно шагу ${step}`,
  duplicateItem: (code: string, list: string) => `Код ${code} повторяется в позициях ${list}`,
  ambiguousPrice: (code: string, rows: string) => `Код ${code} найден в строках прейскуранта ${rows} с разными значениями`,
  emptyPrice: (letter: string) => `Пустая ячейка прейскуранта в колонке ${letter}`,
  /** `length`: the text's whole length in the price list. */
  valueCut: (letter: string, length: number) =>
    `Текст прейскуранта длиннее ${LIMITS.cellTextMax} символов (в нём ${length}): в колонку ${letter} записаны первые ${LIMITS.cellTextMax}`,
  validation: (value: string, letter: string) => `Значение «${value}» не проходит проверку шаблона в колонке ${letter}`,
  badGtin: (value: string) => `Неверная контрольная цифра штрихкода ${value}`,
  damagedCode: (value: string) => `Код ${value} в прейскуранте испорчен Excel`,
  formulaNoValue: (letter: string) =>
    `В прейскуранте формулы без вычисленных значений (колонка ${letter}): откройте файл в Excel и сохраните его заново`,
  /** `Колонка F шаблона теперь «Цена без НДС», правило составлено для «Цена с НДС»`. */
  headerChanged: (letter: string, file: 'price' | 'template', now: string, expected: string) =>
    `Колонка ${letter} ${file === 'template' ? 'шаблона' : 'прейскуранта'} теперь «${now}», правило составлено для «${expected}»`,
  /** The same, when the remembered header was found in one other column. */
  headerMoved: (letter: string) => `Заголовок теперь в колонке ${letter}`,
} as const;

/** The task page's `Проверить` and its `Предпросмотр` panel, and the changes in the history (DESIGN §11). */
export const CHECK_UI = {
  check: 'Проверить',
  checking: 'Проверяем…',
  checkTitle: 'Показать строки выгрузки и предупреждения, не формируя файл (несохранённые позиции сначала сохраняются)',
  checkFailed: 'Ошибка проверки',
  panelTitle: 'Предпросмотр',
  close: 'Закрыть предпросмотр',
  /** The items, a file, the profile or the rules changed after the check. */
  stale: 'Задача изменена после проверки (позиции, файлы или правила): нажмите «Проверить» ещё раз.',
  rowsShown: (shown: number, total: number) => `Показаны первые ${shown} из ${total}`,
  rowsCount: (total: number) => `Строк выгрузки: ${total}`,
  /** The preview table's scroll box, for screen readers and keyboard scrolling. */
  rowsRegion: 'Строки выгрузки',
  noRows: 'Строк для выгрузки нет',
  itemColumn: '№',
  statusColumn: 'Поиск в прейскуранте',
  priceRowColumn: 'Строка прейскуранта',
  missing: 'Не найдено',
  foundBy: { ma: 'по коду МА', gm: 'по коду ГМ' },
  via: {
    exact: 'точно',
    'leading-zeros': 'без ведущих нулей',
    case: 'без учёта регистра',
    spaces: 'без пробелов',
    'look-alike': 'похожие латинские и русские буквы',
  },
  /** `по коду МА: без ведущих нулей, без учёта регистра`. */
  found: (by: string, via: string) => `${by}: ${via}`,
  warningsTitle: 'Предупреждения',
  noWarnings: 'Предупреждений нет',
  warningGroups: {
    'qty-not-multiple': 'Мин. кол-во не кратно шагу',
    'duplicate-item': 'Коды повторяются',
    'ambiguous-price': 'Код в нескольких строках прейскуранта',
    'empty-price': 'Пустые ячейки прейскуранта',
    'value-cut': 'Длинные тексты обрезаны',
    validation: 'Не проходит проверку шаблона',
    'bad-gtin': 'Неверный штрихкод',
    'damaged-code': 'Коды, испорченные Excel',
    'formula-no-value': 'Формулы без вычисленных значений',
    'header-changed': 'Изменились заголовки колонок',
    'template-layout': 'Строки выгрузки не вписались в разметку шаблона',
  } satisfies Record<CheckWarningCode, string>,
  /** A warning about an item: `Позиция 3: …`; a click shows the item's row. */
  itemWarning: (n: number, message: string) => `Позиция ${n}: ${message}`,
  showItem: (n: number) => `Показать позицию ${n} в таблице`,
  changesTitle: 'Изменения с последней выгрузки',
  changesSince: (date: string) => `По сравнению с выгрузкой от ${date}`,
  noPreviousExport: 'Выгрузок ещё не было: сравнивать не с чем.',
  noChanges: 'Изменений нет',
  /** The history's compact line: `+2 −1, изменено 3, не найдено теперь 1`. */
  changesSummary: (added: number, removed: number, changed: number, lost: number) =>
    `+${added} −${removed}, изменено ${changed}, не найдено теперь ${lost}`,
  added: (list: string) => `Добавлены позиции: ${list}`,
  removed: (list: string) => `Удалены коды: ${list}`,
  /** `Позиция 3, колонка F: 30 → 32`. */
  changed: (n: number, letter: string, from: string, to: string) => `Позиция ${n}, колонка ${letter}: ${from} → ${to}`,
  lost: (list: string) => `Не найдены теперь: позиции ${list}`,
  /** A cut list: `…и ещё 300` (the items, codes or warnings not listed). */
  more: (n: number) => `…и ещё ${n}`,
  /** After the changed values listed: `…и ещё изменённых значений: 300`. */
  moreChanged: (n: number) => `…и ещё изменённых значений: ${n}`,
  emptyValue: 'пусто',
  trueValue: 'ИСТИНА',
  falseValue: 'ЛОЖЬ',
  /** In the `Файл сформирован` toast, after the found count. */
  fileWarnings: (n: number) => (n === 0 ? 'Предупреждений нет' : `Предупреждений: ${n}`),
} as const;

/** The items table at any size (issue 29): its search, the filters after a check, the warned rows. */
export const ITEMS_UI = {
  searchLabel: 'Поиск по позициям',
  searchPlaceholder: 'Код МА, код ГМ или название',
  clearSearch: 'Очистить поиск',
  /** Beside the search box: how many rows it shows. */
  found: (n: number) => `Найдено: ${n}`,
  /** Only the rows on screen are in the page, so the browser's find cannot see the rest. */
  findHint: 'Ctrl+F браузера видит только строки на экране: ищите здесь. Ctrl+F в таблице переводит сюда.',
  filterLabel: 'Показать:',
  filters: { all: 'все', missing: 'не найденные', warned: 'с предупреждениями' },
  /** The filtered table shows no row. */
  nothingShown: 'Таких позиций нет',
  warnedRow: 'Есть предупреждения проверки',
  /** The table's accessible name. */
  tableLabel: 'Позиции задачи',
  /** A paste refused whole: a quantity in it is not digits (the row's message follows). */
  pasteRefused: 'Вставка не выполнена',
} as const;

/** The rules page's profile switcher and the task page's `Правила: …` (DESIGN §10). */
export const PROFILE_UI = {
  switcherLabel: 'Профиль правил',
  add: '+ Профиль',
  newPrompt: 'Название нового профиля (в него скопируются показанные правила)',
  rename: 'Переименовать',
  renamePrompt: 'Новое название профиля',
  remove: 'Удалить профиль',
  removeConfirm: (name: string) =>
    `Удалить профиль «${name}»? Задачи с этим профилем перейдут на «${DEFAULT_PROFILE_NAME}».`,
  defaultLocked: 'Общие правила нельзя переименовать или удалить',
  created: 'Профиль создан',
  renamed: 'Профиль переименован',
  removed: 'Профиль удалён',
  loadFailed: 'Не удалось загрузить профили правил',
  createFailed: 'Не удалось создать профиль',
  renameFailed: 'Не удалось переименовать профиль',
  removeFailed: 'Не удалось удалить профиль',
  /** The task page: `Правила: <profile>`. */
  taskRules: 'Правила:',
  taskRulesTitle: 'Профиль правил задачи: при сохранении правила задачи копируются из него',
  taskProfileChanged: (name: string) => `Правила задачи: «${name}»`,
  taskRulesCopied: 'Правила задачи скопированы из профиля',
  taskProfileFailed: 'Не удалось сменить профиль правил',
} as const;

/** The rules page's `Колонки из задачи` picker and `Подобрать по заголовкам` (DESIGN §10). */
export const COLUMNS_UI = {
  fromTask: 'Колонки из задачи',
  noTask: '— не выбрана —',
  hint: 'Выберите задачу с загруженными файлами: в полях колонок появится список её колонок с заголовками.',
  loading: 'Загрузка колонок…',
  notUploaded: (file: 'price' | 'template') => `${file === 'template' ? 'Шаблон' : 'Прейскурант'} не загружен в задачу`,
  failed: (file: 'price' | 'template') => `Не удалось прочитать колонки: ${file === 'template' ? 'шаблон' : 'прейскурант'}`,
  loaded: (file: 'price' | 'template', count: number) =>
    `${file === 'template' ? 'Шаблон' : 'Прейскурант'}: колонок ${count}`,
  /** A column in a list and beside its input: `F — Цена с НДС`. */
  option: (letter: string, header: string) => `${letter} — ${header}`,
  noHeader: 'без заголовка',
  notInFile: 'нет в файле',
  noMatches: 'Нет подходящих колонок',
  listLabel: (file: 'price' | 'template') => `Колонки: ${file === 'template' ? 'шаблон' : 'прейскурант'}`,
  autoMatch: 'Подобрать по заголовкам',
  autoMatchNeedsFiles: 'Для подбора нужны оба файла выбранной задачи: прейскурант и шаблон',
  autoMatchFilled: (count: number) => `Подобрано по заголовкам: ${count}`,
  autoMatchNothing: 'Ничего не подобрано: новых совпадающих заголовков нет',
  autoMatchUnsaved: 'Правила ещё не сохранены: проверьте и нажмите «Сохранить».',
  /** `B — Артикул → F — Код`. */
  autoMatchPair: (price: string, template: string) => `${price} → ${template}`,
  /** `Колонка кода МА: B — Код МА`. */
  autoMatchKey: (label: string, price: string) => `${label}: ${price}`,
} as const;

/** The task page's warning about changed headers (DESIGN §10 guard). */
export const GUARD_UI = {
  title: 'Заголовки колонок изменились',
  hint: 'Правила составлены для других заголовков: проверьте их, иначе данные попадут не в те колонки.',
  fix: 'Исправить',
  fixTitle: (letter: string) => `Перенаправить правило на колонку ${letter}`,
  fixed: 'Правило исправлено',
  fixFailed: 'Не удалось исправить правило',
} as const;
