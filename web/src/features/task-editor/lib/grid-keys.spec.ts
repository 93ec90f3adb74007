import { gridMove, type GridKey } from './grid-keys';

const press = (key: string, more: Partial<GridKey> = {}): GridKey => ({ key, code: '', shift: false, ctrl: false, alt: false, atStart: false, atEnd: false, ...more });

describe('the items table keyboard', () => {
  it('Enter and the arrows move by rows shown; Enter on the last adds one', () => {
    expect(gridMove(press('Enter'), 3, 2, 10, 20)).toEqual({ to: 'cell', pos: 4, col: 2 });
    expect(gridMove(press('Enter'), 9, 2, 10, 20)).toEqual({ to: 'new-row', col: 2 });
    expect(gridMove(press('Enter', { shift: true }), 3, 2, 10, 20)).toEqual({ to: 'cell', pos: 2, col: 2 });
    expect(gridMove(press('ArrowDown'), 9, 2, 10, 20)).toBeNull();
    expect(gridMove(press('ArrowUp'), 0, 2, 10, 20)).toBeNull();
    expect(gridMove(press('ArrowUp'), 5, 1, 10, 20)).toEqual({ to: 'cell', pos: 4, col: 1 });
  });

  it('left and right leave the cell only from the ends of its text', () => {
    expect(gridMove(press('ArrowLeft'), 1, 2, 10, 20)).toBeNull();
    expect(gridMove(press('ArrowLeft', { atStart: true }), 1, 2, 10, 20)).toEqual({ to: 'cell', pos: 1, col: 1 });
    expect(gridMove(press('ArrowRight', { atEnd: true }), 1, 4, 10, 20)).toBeNull();
    expect(gridMove(press('ArrowRight', { atEnd: true }), 1, 3, 10, 20)).toEqual({ to: 'cell', pos: 1, col: 4 });
  });

  it('pages and jumps to the ends; Ctrl+F (any layout) goes to the search box', () => {
    expect(gridMove(press('PageDown'), 5, 0, 10_000, 20)).toEqual({ to: 'cell', pos: 25, col: 0 });
    expect(gridMove(press('PageDown'), 9_990, 0, 10_000, 20)).toEqual({ to: 'cell', pos: 9_999, col: 0 });
    expect(gridMove(press('PageUp'), 5, 0, 10_000, 20)).toEqual({ to: 'cell', pos: 0, col: 0 });
    expect(gridMove(press('End', { ctrl: true }), 5, 3, 10_000, 20)).toEqual({ to: 'cell', pos: 9_999, col: 3 });
    expect(gridMove(press('Home', { ctrl: true }), 5, 3, 10_000, 20)).toEqual({ to: 'cell', pos: 0, col: 3 });
    expect(gridMove(press('а', { ctrl: true, code: 'KeyF' }), 5, 3, 10, 20)).toEqual({ to: 'search' });
    expect(gridMove(press('c', { ctrl: true, code: 'KeyC' }), 5, 3, 10, 20)).toBeNull();
  });
});
