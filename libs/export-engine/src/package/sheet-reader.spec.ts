import { Readable } from 'node:stream';
import { readSharedStrings } from './shared-strings-reader';
import { CellKind, readSheet, readSheetCells } from './sheet-reader';

/** Feeds XML in tiny chunks so every tag/text boundary falls between chunks somewhere. */
function chunked(xml: string, size: number): Readable {
  const buf = Buffer.from(xml, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) parts.push(buf.subarray(i, i + size));
  return Readable.from(parts);
}

async function cells(xml: string, size = 7) {
  const out: [number, number, CellKind, string, number][] = [];
  const rows: number[] = [];
  await readSheet(chunked(xml, size), { cell: (r, c, k, raw, s) => out.push([r, c, k, raw, s]), rowEnd: (r) => rows.push(r) });
  return { out, rows };
}

const ws = (body: string, prefix = '') =>
  `<?xml version="1.0"?><${prefix}worksheet xmlns${prefix ? ':' + prefix.slice(0, -1) : ''}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><${prefix}sheetData>${body}</${prefix}sheetData></${prefix}worksheet>`;

describe('readSheet', () => {
  it('reads every value type the price list may hold', async () => {
    const { out } = await cells(
      ws(
        '<row r="1"><c r="A1" t="s"><v>3</v></c><c r="B1"><v>4.607001234567E12</v></c><c r="C1" t="b"><v>1</v></c>' +
          '<c r="D1" t="e"><v>#N/A</v></c><c r="E1" t="str"><f>A1&amp;"x"</f><v>a&amp;b</v></c>' +
          '<c r="F1" t="inlineStr"><is><r><t>Ры</t></r><r><rPr><b/></rPr><t xml:space="preserve">ба </t></r><rPh><t>ignored</t></rPh></is></c>' +
          '<c r="G1" s="3"><f>SUM(B1)</f><v>12</v></c><c r="H1" s="2"/><c r="I1" t="d"><v>2024-05-01T00:00:00</v></c></row>',
      ),
    );
    expect(out).toEqual([
      [1, 1, CellKind.shared, '3', 0],
      [1, 2, CellKind.number, '4.607001234567E12', 0],
      [1, 3, CellKind.boolean, '1', 0],
      [1, 4, CellKind.error, '#N/A', 0],
      [1, 5, CellKind.string, 'a&b', 0],
      [1, 6, CellKind.string, 'Рыба ', 0],
      [1, 7, CellKind.number, '12', 3],
      [1, 9, CellKind.isoDate, '2024-05-01T00:00:00', 0],
    ]);
  });

  it('places cells and rows without r attributes after the previous ones', async () => {
    const { out, rows } = await cells(ws('<row><c><v>1</v></c><c><v>2</v></c><c r="E1"><v>5</v></c><c><v>6</v></c></row><row r="4"><c><v>7</v></c></row><row><c><v>8</v></c></row>'));
    expect(out.map(([r, c, , raw]) => [r, c, raw])).toEqual([
      [1, 1, '1'],
      [1, 2, '2'],
      [1, 5, '5'],
      [1, 6, '6'],
      [4, 1, '7'],
      [5, 1, '8'],
    ]);
    expect(rows).toEqual([1, 4, 5]);
  });

  it('understands prefixed elements (<x:c>) and any chunking', async () => {
    const xml = ws('<x:row r="2"><x:c r="B2" t="s"><x:v>0</x:v></x:c><x:c r="C2"><x:v>31000</x:v></x:c></x:row>', 'x:');
    for (const size of [1, 3, 64]) {
      const { out } = await cells(xml, size);
      expect(out).toEqual([
        [2, 2, CellKind.shared, '0', 0],
        [2, 3, CellKind.number, '31000', 0],
      ]);
    }
  });

  it('reads plain inline strings (streaming writers) like any other inline string, in any chunking', async () => {
    const xml = ws(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>001000007</t></is></c><c r="B1" t="inlineStr" s="4"><is><t xml:space="preserve"> Молоко &amp; кефир_x000D_ </t></is></c>' +
        '<c r="C1" t="inlineStr"><is><t></t></is></c><c r="D1" t="inlineStr"><is><t/></is></c><c r="E1"><v>5</v></c>' +
        '<c r="F1" t="inlineStr"><is><t>Ры</t><rPh><t>x</t></rPh></is></c></row>' +
        '<row r="2"><c t="inlineStr"><is><t>a</t></is></c><c t="inlineStr"><is><t>b</t></is></c></row>',
    );
    const want = [
      [1, 1, CellKind.string, '001000007', 0],
      [1, 2, CellKind.string, ' Молоко & кефир\r ', 4],
      [1, 3, CellKind.string, '', 0],
      [1, 4, CellKind.string, '', 0],
      [1, 5, CellKind.number, '5', 0],
      [1, 6, CellKind.string, 'Ры', 0],
      [2, 1, CellKind.string, 'a', 0],
      [2, 2, CellKind.string, 'b', 0],
    ];
    for (const size of [1, 5, 4096]) expect((await cells(xml, size)).out).toEqual(want);
  });

  it('reads CDATA sections in inline strings as text, < > & in them included, in any chunking', async () => {
    const xml = ws(
      '<row r="1"><c r="A1" t="inlineStr"><is><t><![CDATA[12345]]></t></is></c>' +
        '<c r="B1" t="inlineStr"><is><t>a<![CDATA[<c r="Z1"><v>9</v></c> & b]]>c</t></is></c>' +
        '<c r="C1" t="inlineStr"><is><r><t><![CDATA[Ры]]></t></r><r><t>ба</t></r><rPh><t><![CDATA[x]]></t></rPh></is></c></row>',
    );
    const want = [
      [1, 1, CellKind.string, '12345', 0],
      [1, 2, CellKind.string, 'a<c r="Z1"><v>9</v></c> & bc', 0],
      [1, 3, CellKind.string, 'Рыба', 0],
    ];
    for (const size of [1, 3, 7, 4096]) expect((await cells(xml, size)).out).toEqual(want);
  });

  it('ignores empty <v/> and stops at </sheetData>', async () => {
    const { out } = await cells(ws('<row r="1"><c r="A1"><v></v></c><c r="B1" t="s"><v/></c></row>'));
    expect(out).toEqual([]);
  });
});

describe('readSharedStrings', () => {
  it('joins rich text runs, skips phonetic runs, decodes entities and _xHHHH_', async () => {
    const xml =
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>A</t><phoneticPr fontId="1"/></si>' +
      '<si><r><rPr><b/></rPr><t>Test (</t></r><r><t>Kgs</t></r><r><t>)</t></r></si><si/><si><t>a &amp; b_x000D_</t></si>' +
      '<si><t>漢</t><rPh sb="0" eb="1"><t>カン</t></rPh></si></sst>';
    const got: [number, string][] = [];
    await readSharedStrings(chunked(xml, 5), (i, t) => {
      got.push([i, t]);
    });
    expect(got).toEqual([
      [0, 'A'],
      [1, 'Test (Kgs)'],
      [2, ''],
      [3, 'a & b\r'],
      [4, '漢'],
    ]);
  });

  it('reads CDATA sections in <t> as text', async () => {
    const xml = '<sst><si><t><![CDATA[0031000]]></t></si><si><r><t><![CDATA[a <b> & ]]></t></r><r><t>c</t></r></si></sst>';
    const got: string[] = [];
    await readSharedStrings(chunked(xml, 5), (_i, t) => {
      got.push(t);
    });
    expect(got).toEqual(['0031000', 'a <b> & c']);
  });

  it('stops early when told to', async () => {
    const got: number[] = [];
    await readSharedStrings(Readable.from(['<sst><si><t>a</t></si><si><t>b</t></si><si><t>c</t></si></sst>']), (i) => {
      got.push(i);
      return i < 1;
    });
    expect(got).toEqual([0, 1]);
  });
});

describe('formulas without a computed value', () => {
  it('are told apart from formulas with one, as SheetJS, openpyxl and Excel write them', async () => {
    const xml = ws(
      '<row r="2">' +
        '<c r="A2"><f>B2*2</f></c>' + // SheetJS: no <v>
        '<c r="B2"><f>C2*2</f><v></v></c>' + // openpyxl: an empty <v>
        '<c r="C2"><f t="shared" si="0"/><v/></c>' + // a shared formula, self-closing <v/>
        '<c r="D2" t="str"><f>""</f><v></v></c>' + // Excel: a formula whose result is the empty text
        '<c r="E2"><f>SUM(A2)</f><v>12</v></c>' + // computed
        '<c r="F2" t="str"><f>A2&amp;"x"</f></c>' + // a text formula without its <v>
        '<c r="G2"><v>3</v></c>' +
        '</row>',
    );
    for (const size of [3, 7, 4096]) {
      const noValue: string[] = [];
      const seen: string[] = [];
      await readSheetCells(chunked(xml, size), {
        cell: (r, c) => void seen.push(`${c}:${r}`),
        rowEnd: () => undefined,
        formulaWithoutValue: (r, c) => void noValue.push(`${c}:${r}`),
      });
      expect(noValue).toEqual(['1:2', '2:2', '3:2', '6:2']);
      // What the cells were before: an empty <v> still comes to `cell`, as ever.
      expect(seen).toEqual(['2:2', '4:2', '5:2', '7:2']);
    }
  });
});

describe('CDATA in <v>', () => {
  it('reads a value written as a CDATA section, in any chunking', async () => {
    const xml = ws(
      '<row r="1"><c r="A1"><v><![CDATA[12.5]]></v></c><c r="B1" t="s"><v><![CDATA[3]]></v></c>' +
        '<c r="C1" t="str"><f>A1</f><v><![CDATA[a<b>&c]]></v></c><c r="D1" t="str"><v>x<![CDATA[<y>]]>z</v></c><c r="E1"><v>7</v></c></row>',
    );
    for (const size of [3, 5, 4096]) {
      const { out } = await cells(xml, size);
      expect(out).toEqual([
        [1, 1, CellKind.number, '12.5', 0],
        [1, 2, CellKind.shared, '3', 0],
        [1, 3, CellKind.string, 'a<b>&c', 0],
        [1, 4, CellKind.string, 'x<y>z', 0],
        [1, 5, CellKind.number, '7', 0],
      ]);
    }
  });
});
