import { LIMITS } from './limits';
import { ERR } from './messages';

/** Which uploaded workbook a message is about; the engine names it so the user knows which to fix. */
export type EngineFileKind = 'price' | 'template';

export const ENGINE_FILE_LABEL: Record<EngineFileKind, string> = {
  price: 'Прейскурант',
  template: 'Шаблон экспорта',
};

/**
 * Messages the export engine names (DESIGN §5.8, §6); shown to the user as-is with a 422.
 * Upload-time checks reuse the API's ERR texts so the same bad file reads the same everywhere.
 */
export const ENGINE_ERR = {
  fileEmpty: ERR.fileEmpty,
  fileXls: ERR.fileXls,
  fileEncrypted: ERR.fileEncrypted,
  fileText: ERR.fileText,
  fileTruncated: ERR.fileTruncated,
  fileNotZip: ERR.fileNotZip,
  fileNotWorkbook: ERR.fileNotWorkbook,
  fileZipBomb: ERR.fileZipBomb,
  fileUnreadable: 'Не удалось прочитать книгу Excel: файл повреждён',
  noSheets: 'В книге нет ни одного листа',
  /** `part`: the zip path of the broken part, e.g. `xl/worksheets/sheet1.xml`. */
  xmlInvalid: (part: string) => `В книге повреждена часть ${part} (ошибка в XML). Откройте файл в Excel и сохраните его заново`,
  sheetEmpty: (sheet: string) => `Лист «${sheet}» пустой`,
  columnTooLarge: (column: number, max: number) =>
    `Колонка шаблона ${column} вне допустимого диапазона (максимум ${max})`,
  priceColumnTooLarge: (column: number, max: number) =>
    `Колонка прейскуранта ${column} вне допустимого диапазона (максимум ${max})`,
  sheetTooLarge: (sheet: string, mb: number, maxMb: number) =>
    `Лист «${sheet}» слишком большой: ${mb} МБ без сжатия (допустимо до ${maxMb} МБ). Удалите пустые отформатированные строки внизу листа и сохраните файл заново`,
  rowOutOfSheet: (row: number, max: number) => `Строка ${row} за пределами листа Excel (последняя строка ${max})`,
  /** `ref`: the cell or range as the file writes it (a long one cut), e.g. `XFE1`, `A1:ZZZZZZZ1` (DESIGN §15). */
  cellOutOfSheet: (ref: string) => `Ячейка за пределами листа Excel (${ref}): последняя ячейка листа — XFD1048576`,
  /** A DOCTYPE in any XML part (Excel never writes one): refused, its entities never expanded (DESIGN §15). */
  xmlDoctype: (part: string) =>
    `В книге есть часть ${part} с объявлением DOCTYPE, какого Excel не пишет. Откройте файл в Excel и сохраните его заново`,
  /** Zip entries whose data overlap: several directory entries pointing at the same bytes (DESIGN §15). */
  zipOverlap: 'Архив книги повреждён: его части перекрываются. Откройте файл в Excel и сохраните его заново',
  zipNameRepeated: (name: string) => `Архив книги повреждён: часть ${name} в нём повторяется. Откройте файл в Excel и сохраните его заново`,
  /** The local header of a part (or its data descriptor) says other sizes or another name than the zip's directory. */
  zipHeaderMismatch: (name: string) =>
    `Архив книги повреждён: заголовок части ${name} не совпадает с оглавлением архива. Откройте файл в Excel и сохраните его заново`,
  /** A template cell over Excel's own limit (LIMITS.cellTextMax): every export would be a file Excel refuses. */
  cellTooLong: (ref: string, sheet: string, length: number) =>
    `Ячейка ${ref} листа «${sheet}» длиннее ${LIMITS.cellTextMax} символов (в ней ${length}): Excel не откроет такой файл`,
  /** The same for a shared string no cell of the sheets points at. */
  textTooLong: (length: number) => `В книге есть текст длиннее ${LIMITS.cellTextMax} символов (${length}): Excel не откроет такой файл`,
  noRoomForItems: (fits: number, items: number) =>
    `На листе помещается ${fits} позиций от первой строки данных, а в задаче ${items}. Удалите лишнее внизу листа или разделите задачу`,
  /** `Прейскурант: файл защищён паролем…` — the message with the file it concerns in front. */
  inFile: (kind: EngineFileKind, message: string) =>
    `${ENGINE_FILE_LABEL[kind]}: ${message.charAt(0).toLowerCase()}${message.slice(1)}`,
} as const;
