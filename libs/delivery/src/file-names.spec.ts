import { BATCH_UI } from '@app/contracts';
import { ArchiveNames, STEM_MAX, safeStem } from './file-names';

describe('archive names', () => {
  it('replaces what Windows refuses and trims trailing dots and spaces', () => {
    expect(safeStem('Лента — неделя 48')).toBe('Лента — неделя 48');
    expect(safeStem('a<b>c:d"e/f\\g|h?i*j')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(safeStem('табуляция\tи\nперевод')).toBe('табуляция_и_перевод');
    expect(safeStem('Итог... ')).toBe('Итог');
    expect(safeStem('  много    пробелов  ')).toBe('много пробелов');
  });

  it('never gives a reserved device name or an empty one', () => {
    expect(safeStem('CON')).toBe('_CON');
    expect(safeStem('com1')).toBe('_com1');
    expect(safeStem('nul.tar')).toBe('_nul.tar');
    expect(safeStem('Console')).toBe('Console');
    expect(safeStem('...')).toBe(BATCH_UI.unnamedFile);
    expect(safeStem('')).toBe(BATCH_UI.unnamedFile);
  });

  it('bounds the length without splitting a character', () => {
    expect(Array.from(safeStem('я'.repeat(300)))).toHaveLength(STEM_MAX);
    const emoji = safeStem('😀'.repeat(150));
    expect(Array.from(emoji)).toHaveLength(STEM_MAX);
    expect(emoji).toBe('😀'.repeat(STEM_MAX));
  });

  it('numbers repeated names, whatever their case, and keeps reserved ones free', () => {
    const names = new ArchiveNames();
    names.reserve('Итоги.xlsx');
    expect(names.take('Лента', '.xlsx')).toBe('Лента.xlsx');
    expect(names.take('лента', '.xlsx')).toBe('лента (2).xlsx');
    expect(names.take('Лента', '.xlsx')).toBe('Лента (3).xlsx');
    expect(names.take('итоги', '.xlsx')).toBe('итоги (2).xlsx');
    expect(names.take('a/b', '.xlsx')).toBe('a_b.xlsx');
    expect(names.take('a:b', '.xlsx')).toBe('a_b (2).xlsx');
  });
});
