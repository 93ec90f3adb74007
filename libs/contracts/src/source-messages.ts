/** Russian texts of price-list sources (DESIGN §16): why a fetch or a poll failed, and the connection check. */

/** Megabytes as a person reads them: `25`, `0,5`. */
const mb = (bytes: number) => String(Math.round((bytes / 1024 / 1024) * 10) / 10).replace('.', ',');
/** Seconds as a person reads them: `60`, `0,5`. */
const seconds = (ms: number) => String(Math.round(ms / 100) / 10).replace('.', ',');

export const SOURCE_ERR = {
  badUrl: 'Адрес должен начинаться с http:// или https://',
  badRedirect: 'Сервер перенаправил на адрес, который не начинается с http:// или https://',
  unreachable: (host: string) => `Сервер ${host} недоступен: соединение не установлено`,
  dns: (host: string) => `Сервер ${host} не найден (ошибка DNS)`,
  tls: (host: string) => `Ошибка TLS при подключении к ${host}: сертификат сервера не прошёл проверку или соединение не удалось защитить`,
  privateAddress: (host: string) =>
    `Адрес ${host} ведёт на этот сервер или во внутреннюю служебную сеть (loopback, link-local): такие источники запрещены`,
  timeout: (ms: number) => `Сервер не ответил за ${seconds(ms)} с`,
  broken: 'Соединение оборвалось, файл получен не полностью',
  accessDenied: (status: number) => `Доступ запрещён (HTTP ${status}): проверьте логин и пароль или токен`,
  notFound: 'По этому адресу файла нет (HTTP 404)',
  serverError: (status: number) => `Ошибка на стороне сервера (HTTP ${status})`,
  badStatus: (status: number) => `Сервер ответил кодом HTTP ${status} вместо файла`,
  tooManyRedirects: (max: number) => `Слишком много перенаправлений (больше ${max})`,
  tooBig: (maxBytes: number) => `Файл больше ${mb(maxBytes)} МБ`,
  mailAuth: 'Почтовый сервер не принял логин или пароль',
  mailFolder: (folder: string) => `В почтовом ящике нет папки «${folder}»`,
  mailServer: (text: string) => `Почтовый сервер ответил ошибкой: ${text}`,
  mailClosed: 'Почтовый сервер закрыл соединение',
  noAttachment: (glob: string | null) => (glob ? `Во вложениях нет файла, подходящего под «${glob}»` : 'В письме нет вложений'),
  attachmentTooBig: (name: string, maxBytes: number) => `Вложение «${name}» больше ${mb(maxBytes)} МБ`,
} as const;

export const SOURCE_TEST = {
  urlOk: (name: string) => `Подключение работает: сервер отдаёт файл «${name}»`,
  mailboxOk: (messages: number) =>
    messages === 0 ? 'Подключение работает, новых подходящих писем нет' : `Подключение работает, новых подходящих писем: ${messages}`,
} as const;

/** `PUT …/source`: what is wrong with a field, each named in the answer (`Поле «…»: …`). */
export const SOURCE_FIELD_ERR = {
  kind: 'ожидается url или mailbox',
  required: 'обязательное поле',
  urlCredentials: 'логин и пароль укажите в полях «Логин» и «Пароль», а не в адресе',
  authTwice: 'укажите либо логин и пароль, либо токен',
  text: (max: number) => `ожидается текст не длиннее ${max} символов, без управляющих символов`,
  port: 'ожидается номер порта от 1 до 65535',
  tls: 'ожидается true или false',
  from: 'ожидается адрес (price@supplier.ru) или домен (@supplier.ru)',
  everyMinutes: 'ожидается целое число минут от 5 до 1440',
  cron: 'ожидается расписание cron из пяти полей, например «0 9 * * 1»',
  scheduleTwice: 'укажите либо «каждые N минут», либо cron',
  timezone: 'ожидается часовой пояс, например Europe/Moscow',
  /** A secret cannot be stored encrypted: the server has no key. */
  secretsKeyMissing: 'Пароли и токены источников хранятся зашифрованными, но на сервере не задан ключ SECRETS_KEY: обратитесь к администратору',
  /** No source to test, run or delete. */
  noSource: 'У прайса нет источника',
} as const;

/** What a run says when it ends well (DESIGN §16 runs). */
export const SOURCE_RUN_TEXT = {
  unchanged: 'Файл не изменился',
  unchangedNoMail: 'Новых подходящих писем нет',
  newVersion: (name: string) => `Новая версия «${name}» стала текущей`,
  held: (name: string, reasons: string) => `Версия «${name}» задержана: ${reasons}`,
  pending: (name: string) => `Версия «${name}» сравнивается с текущей`,
  /** A fetched file the upload check refuses (not a price list). */
  notPriceList: (name: string, why: string) => `Файл «${name}» не принят: ${why}`,
  /** A secret that cannot be opened (SECRETS_KEY missing or changed). */
  secretsUnreadable: 'Не удалось расшифровать пароль или токен источника: проверьте ключ SECRETS_KEY и сохраните источник заново',
  /** A poll that could not finish for a reason of our own (storage or the database down). */
  failed: (why: string) => `Проверка не удалась: ${why}`,
} as const;
