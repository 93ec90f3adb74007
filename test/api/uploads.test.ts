import { ENGINE_ERR, ERR, LIMITS, type Task } from '@app/contracts';
import { api, binary, createTask, upload } from '../support/api-client';
import { badFiles } from '../support/bad-files';
import { fixtureBytes } from '@app/export-engine/testing/fixtures';
import { formattedTemplate } from '@app/export-engine/testing/minimal-xlsx';
import { objectsOf, sql } from '../support/inspect';
import { addVersion, createList } from '../support/price-lists';

describe('uploads', () => {
  it('accepts a real .xlsx, keeps its original name and serves it back byte for byte', async () => {
    const task = await createTask();
    const bytes = fixtureBytes('price-sample.xlsx');
    const res = await upload(task.id, 'price', bytes, 'Прайс поставщика.xlsx').expect(200);
    const body = res.body as Task;
    expect(body.files.price).toEqual({ name: 'Прайс поставщика.xlsx', size: bytes.length, uploadedAt: expect.any(String) });
    expect(body.files.template).toBeNull();
    expect(JSON.stringify(body)).not.toContain('tasks/');

    const back = await api().get(`/api/tasks/${task.id}/files/price`).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(back.body as Buffer, bytes)).toBe(0);
    expect(back.headers['content-disposition']).toContain("filename*=UTF-8''%D0%9F%D1%80%D0%B0%D0%B9%D1%81");
    await api().get(`/api/tasks/${task.id}/files/template`).expect(404);
  });

  it('stores a name without control and bidirectional-override characters, for a task and a price list alike', async () => {
    // Shown right to left after U+202E, «счёт» U+202E «xslx.exe» reads as «счётexe.xlsx» in a download dialog.
    const hostile = 'счёт\u202Exslx.exe\u2066';
    const task = await createTask();
    const res = await upload(task.id, 'price', fixtureBytes('price-sample.xlsx'), hostile).expect(200);
    expect((res.body as Task).files.price?.name).toBe('счётxslx.exe');
    const [row] = await sql<{ name: string }>(`SELECT files -> 'price' ->> 'name' AS name FROM tasks WHERE id = $1`, [task.id]);
    expect(row.name).toBe('счётxslx.exe');
    const back = await api().get(`/api/tasks/${task.id}/files/price`).buffer(true).parse(binary).expect(200);
    expect(back.headers['content-disposition']).toBe(`attachment; filename="____xslx.exe"; filename*=UTF-8''${encodeURIComponent('счётxslx.exe')}`);

    const list = await createList();
    const { version } = await addVersion(list.id, fixtureBytes('price-sample.xlsx'), hostile);
    expect(version.name).toBe('счётxslx.exe');
    const [stored] = await sql<{ name: string }>('SELECT name FROM price_list_versions WHERE id = $1', [version.id]);
    expect(stored.name).toBe('счётxslx.exe');
  });

  it('accepts files saved by LibreOffice and by Excel', async () => {
    const task = await createTask();
    await upload(task.id, 'price', fixtureBytes('lo-price-sample.xlsx')).expect(200);
    await upload(task.id, 'template', fixtureBytes('lo-template-sample.xlsx')).expect(200);
    await upload(task.id, 'template', fixtureBytes('real/Book1.xlsx')).expect(200);
  });

  it('stores a new upload under a key of its own and leaves the replaced object to housekeeping', async () => {
    const task = await createTask();
    await upload(task.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200);
    const [first] = await objectsOf(task.id);
    const res = await upload(task.id, 'price', fixtureBytes('lo-price-sample.xlsx'), 'второй.xlsx').expect(200);
    expect(res.body.files.price.name).toBe('второй.xlsx');
    const [row] = await sql<{ key: string }>(`SELECT files -> 'price' ->> 'key' AS key FROM tasks WHERE id = $1`, [task.id]);
    expect(row.key).not.toBe(first);
    // A job that read the task a moment ago may still be fetching the old one.
    expect((await objectsOf(task.id)).sort()).toEqual([first, row.key].sort());
    const listed = await sql<{ key: string; reason: string }>(`SELECT key, reason FROM unowned_objects WHERE key LIKE $1`, [`tasks/${task.id}/%`]);
    expect(listed).toEqual([{ key: first, reason: 'replaced' }]);
  });

  const cases: [string, () => Buffer | Promise<Buffer>, number, string][] = [
    ['an empty file', badFiles.empty, 422, ERR.fileEmpty],
    ['an .xls renamed to .xlsx', badFiles.xls, 422, ERR.fileXls],
    ['a password-protected workbook', badFiles.encrypted, 422, ERR.fileEncrypted],
    ['a CSV renamed', badFiles.csv, 422, ERR.fileText],
    ['a text file renamed', badFiles.text, 422, ERR.fileText],
    ['a truncated zip', badFiles.truncated, 422, ERR.fileTruncated],
    ['a zip that is not a workbook', badFiles.notWorkbook, 422, ERR.fileNotWorkbook],
    ['a zip bomb (ratio)', badFiles.bombRatio, 422, ERR.fileZipBomb],
    ['a zip bomb (entries)', badFiles.bombEntries, 422, ERR.fileZipBomb],
    // Formatted down to row 200,001: a 3 MB file whose data sheet is 39.1 MB of XML. The same words
    // as at Сформировать, now when the file is chosen.
    ['a template whose data sheet is too big to export', () => formattedTemplate(200_000), 422, ENGINE_ERR.sheetTooLarge('Данные', 40, LIMITS.templateSheetMaxMb)],
  ];

  it.each(cases)('rejects %s with its own message and leaves the previous file intact', async (_, make, status, message) => {
    const task = await createTask();
    const good = fixtureBytes('template-sample.xlsx');
    await upload(task.id, 'template', good, 'хороший.xlsx').expect(200);
    const before = await objectsOf(task.id);
    const [rowBefore] = await sql<{ files: unknown }>('SELECT files FROM tasks WHERE id = $1', [task.id]);

    const res = await upload(task.id, 'template', await make(), 'плохой.xlsx').expect(status);
    expect(res.body).toEqual({ error: message });

    expect(await objectsOf(task.id)).toEqual(before);
    const [rowAfter] = await sql<{ files: unknown }>('SELECT files FROM tasks WHERE id = $1', [task.id]);
    expect(rowAfter.files).toEqual(rowBefore.files);
    const back = await api().get(`/api/tasks/${task.id}/files/template`).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(back.body as Buffer, good)).toBe(0);
  });

  it('takes a sheet of that size as a price list, which is read streaming', async () => {
    const task = await createTask();
    await upload(task.id, 'price', formattedTemplate(200_000)).expect(200);
  });

  it('rejects a file over UPLOAD_MAX_MB with 413 and the size in the message', async () => {
    const task = await createTask();
    const big = Buffer.alloc(26 * 1024 * 1024, 7);
    const res = await upload(task.id, 'price', big).expect(413);
    expect(res.body).toEqual({ error: ERR.fileTooLarge(25) });
    expect(await objectsOf(task.id)).toEqual([]);
  });

  it('needs the multipart field `file`', async () => {
    const task = await createTask();
    const res = await api().post(`/api/tasks/${task.id}/upload/price`).field('other', 'x').expect(400);
    expect(res.body).toEqual({ error: ERR.noFile });
  });

  it('answers an unknown kind or task with 404 and stores nothing', async () => {
    const task = await createTask();
    expect((await upload(task.id, 'photo', fixtureBytes('price-sample.xlsx')).expect(404)).body).toEqual({ error: ERR.notFound });
    expect((await upload('00000000-0000-4000-8000-000000000000', 'price', fixtureBytes('price-sample.xlsx')).expect(404)).body).toEqual({
      error: ERR.taskNotFound,
    });
    expect(await objectsOf(task.id)).toEqual([]);
  });

  it('deleting a task removes every object under its prefix', async () => {
    const task = await createTask();
    await upload(task.id, 'price', fixtureBytes('price-sample.xlsx')).expect(200);
    await upload(task.id, 'template', fixtureBytes('template-sample.xlsx')).expect(200);
    expect(await objectsOf(task.id)).toHaveLength(2);
    await api().delete(`/api/tasks/${task.id}`).expect(204);
    expect(await objectsOf(task.id)).toEqual([]);
  });
});
