import JSZip from 'jszip';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';

/** Files that must never be taken for a workbook, each built the way it turns up in real life. */
export const badFiles = {
  empty: () => Buffer.alloc(0),
  /** A real Excel 97 file (saved by LibreOffice) renamed to .xlsx. */
  xls: () => fixtureBytes('price-sample.xls'),
  encrypted: () => fixtureBytes('real/encryptAES.xlsx'),
  csv: () => Buffer.from('Код МА;Код ГМ;Цена\r\n0031000;77000;125,50\r\n', 'utf8'),
  text: () => Buffer.from('Это просто текст, а не таблица.\n'.repeat(20), 'utf8'),
  truncated: () => {
    const whole = fixtureBytes('price-sample.xlsx');
    return whole.subarray(0, Math.floor(whole.length / 2));
  },
  notWorkbook: async () => {
    const zip = new JSZip();
    zip.file('readme.txt', 'not a workbook');
    zip.file('data/values.csv', '1;2;3');
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  },
  /** A workbook-looking zip whose one part inflates to 300 MB of zeros. */
  bombRatio: async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('xl/workbook.xml', '<workbook/>');
    zip.file('xl/worksheets/sheet1.xml', Buffer.alloc(300 * 1024 * 1024));
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
  },
  /** A workbook-looking zip with far too many entries. */
  bombEntries: async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file('xl/workbook.xml', '<workbook/>');
    for (let i = 0; i < 20_000; i++) zip.file(`xl/media/x${i}.bin`, '');
    return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
  },
};
