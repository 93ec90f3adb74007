/**
 * DESIGN §10 «matching headers», for `Подобрать по заголовкам` and the template guard: two column
 * headers name the same thing when their normalised texts are equal or fall in one synonym group.
 * Pure and shared, so the web app and the API judge alike.
 */

/** A column as the matcher needs it (FileColumn has these fields). */
export interface HeaderColumn {
  index: number;
  header: string;
}

/** A suggested pair: the template column and the one price column whose header matches it. */
export interface HeaderSuggestion {
  template: number;
  price: number;
}

const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['артикул', 'код товара', 'код', 'арт', 'sku'],
  ['штрихкод', 'штрих код', 'шк', 'ean', 'gtin', 'баркод'],
  ['наименование', 'название', 'товар', 'номенклатура'],
  ['цена', 'стоимость', 'прайс'],
  ['ндс', 'ставка ндс'],
  ['мин заказ', 'минимальный заказ', 'мин кол во', 'минимальная партия'],
  ['кратность', 'шаг', 'квант', 'в упаковке'],
  ['ед изм', 'единица измерения'],
  ['страна', 'страна происхождения'],
  ['срок годности'],
  ['бренд', 'торговая марка', 'тм'],
  ['производитель'],
];

/** Units are separate words, so `Цена,руб.` and `Цена руб` agree; they do not make a header differ. */
const UNITS = new Set(['руб', 'р', '₽', '%']);

/**
 * Lower case, `ё` → `е`, `₽` and `%` set apart as words, every other punctuation and space run
 * folded to one space. A group title (`Цены поставщика / Цена`) is matched by its last part.
 */
export function normalizeHeader(header: string): string {
  const last = header.split(' / ').pop() ?? '';
  return last
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/([₽%])/g, ' $1 ')
    .replace(/[^\p{L}\p{N}₽%]+/gu, ' ')
    .trim();
}

interface HeaderKey {
  /** The normalised words without units and without the VAT phrase. */
  words: string;
  vat: 'with' | 'without' | null;
  group: number;
}

function keyOf(header: string): HeaderKey {
  let words = normalizeHeader(header)
    .split(' ')
    .filter((w) => w !== '' && !UNITS.has(w))
    .join(' ');
  let vat: HeaderKey['vat'] = null;
  // `с ндс` / `без ндс` qualify a price; a bare `ндс` is the VAT column itself.
  const q = /(?:^| )(с|без|вкл|включая|в т ч) ндс(?: |$)/.exec(words);
  if (q) {
    vat = q[1] === 'без' ? 'without' : 'with';
    words = `${words.slice(0, q.index)} ${words.slice(q.index + q[0].length)}`.replace(/ +/g, ' ').trim();
  }
  return { words, vat, group: groupOf(words) };
}

/** The group whose member the words are, or start with (longest member wins): `цена закупки` is a price. */
function groupOf(words: string): number {
  let best = -1;
  let bestLength = 0;
  SYNONYM_GROUPS.forEach((members, g) => {
    for (const m of members) {
      if ((words === m || words.startsWith(`${m} `)) && m.length > bestLength) {
        best = g;
        bestLength = m.length;
      }
    }
  });
  return best;
}

function vatAgrees(a: HeaderKey, b: HeaderKey): boolean {
  return !(a.vat && b.vat && a.vat !== b.vat);
}

/** Equal after normalisation (the VAT phrase included). */
function sameHeader(a: HeaderKey, b: HeaderKey): boolean {
  return a.words !== '' && a.words === b.words && a.vat === b.vat;
}

/** The same header text once case, `ё`, punctuation and units are set aside: `Цена, руб.` is `Цена руб`. */
export function sameHeaderText(a: string, b: string): boolean {
  return sameHeader(keyOf(a), keyOf(b));
}

/** Whether two headers name the same thing: equal, or in one synonym group (`с ндс` ≠ `без ндс`). */
export function headersMatch(a: string, b: string): boolean {
  const ka = keyOf(a);
  const kb = keyOf(b);
  return sameHeader(ka, kb) || (ka.group >= 0 && ka.group === kb.group && vatAgrees(ka, kb));
}

/**
 * The one column whose header matches `header`, or undefined when none or several do. An equal
 * header wins over synonyms: `Код МА` finds `Код МА`, not also `Код ГМ` (both `код …`).
 */
export function findHeader(header: string, columns: readonly HeaderColumn[]): number | undefined {
  const key = keyOf(header);
  if (key.words === '') return undefined;
  const keys = columns.map((c) => ({ index: c.index, key: keyOf(c.header) }));
  const equal = keys.filter((c) => sameHeader(key, c.key));
  if (equal.length > 0) return equal.length === 1 ? equal[0].index : undefined;
  const similar = keys.filter((c) => key.group >= 0 && c.key.group === key.group && vatAgrees(key, c.key));
  return similar.length === 1 ? similar[0].index : undefined;
}

/** For each template column with a header, the price column suggested for it (only unambiguous ones). */
export function matchHeaders(priceColumns: readonly HeaderColumn[], templateColumns: readonly HeaderColumn[]): HeaderSuggestion[] {
  const out: HeaderSuggestion[] = [];
  for (const t of templateColumns) {
    const price = findHeader(t.header, priceColumns);
    if (price !== undefined) out.push({ template: t.index, price });
  }
  return out;
}
