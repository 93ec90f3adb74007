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
