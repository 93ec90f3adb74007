/**
 * calcChain.xml lists every formula cell; an entry naming a cell that no longer holds a formula
 * makes Excel repair the file. When a totals row moves, its entries move with it. `i` is the
 * sheet's sheetId and, when left out, the previous entry's.
 */
export function moveCalcChainRows(xml: string, sheetId: number, top: number, bottom: number, delta: number): string {
  let sheet = 0;
  return xml.replace(/<(?:[\w.-]+:)?c\b[^>]*>/g, (tag) => {
    const i = /\si\s*=\s*"(\d+)"/.exec(tag);
    if (i) sheet = Number(i[1]);
    if (sheet !== sheetId) return tag;
    return tag.replace(/(\sr\s*=\s*"[A-Za-z]+)(\d+)"/, (m, pre: string, r: string) => {
      const row = Number(r);
      return row >= top && row <= bottom ? `${pre}${row + delta}"` : m;
    });
  });
}
