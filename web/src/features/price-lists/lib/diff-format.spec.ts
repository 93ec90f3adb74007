import { PRICE_DIFF_UI } from '@app/contracts';
import { formatDiffPct, formatDiffValue, holdReasonsText } from './diff-format';

describe('a comparison as the page shows it', () => {
  it('values: numbers grouped the Russian way, texts as they are, nothing as `пусто`', () => {
    expect(formatDiffValue(4990)).toBe('4\u00a0990');
    expect(formatDiffValue(49.9)).toBe('49,9');
    expect(formatDiffValue('25.11.2026')).toBe('25.11.2026');
    expect(formatDiffValue(null)).toBe(PRICE_DIFF_UI.empty);
    expect(formatDiffValue('')).toBe(PRICE_DIFF_UI.empty);
  });

  it('the change in percent with its sign; none when it cannot be told', () => {
    expect(formatDiffPct(9900)).toBe('+9\u00a0900');
    expect(formatDiffPct(-5.5)).toBe('−5,5');
    expect(formatDiffPct(0)).toBe('0');
    expect(formatDiffPct(null)).toBe('');
  });

  it('hold reasons in one line', () => {
    expect(holdReasonsText([{ code: 'rows-dropped', message: 'Строк стало меньше' }, { code: 'price-jump', message: 'Цена выросла' }])).toBe('Строк стало меньше; Цена выросла');
    expect(holdReasonsText(null)).toBe('');
  });
});
