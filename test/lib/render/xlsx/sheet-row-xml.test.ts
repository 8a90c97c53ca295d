import { describe, expect, it } from 'vitest';
import {
  columnLetters,
  createRowXml,
  decimalsOf,
  doubleHolds,
  exceljsText,
  excelSerial,
  listSheetCells,
  MAX_CELL_TEXT,
  wrappedLines,
  xmlText,
} from '../../../../lib/render/xlsx/sheet-row-xml';
import { column } from '../../../../lib/report/rows/report-column';

// Style ids in the order `listSheetCells` registers them, and 100 + its decimals for a number's.
const IDS = [1, 7, 2, 3, 4, 5, 6];
const STYLES = listSheetCells((style) => IDS.shift() ?? 100 + (style.numFmt!.split('.')[1]?.length ?? 0));

describe('xmlText', () => {
  it('writes markup characters as entities and a carriage return as a character reference', () => {
    expect(xmlText('a < b && c > d')).toBe('a &lt; b &amp;&amp; c &gt; d');
    expect(xmlText('one\r\ntwo\tthree')).toBe('one&#13;\ntwo\tthree');
  });

  it("writes characters XML cannot hold as OOXML's _xHHHH_, and escapes text that would read as one", () => {
    expect(xmlText('bell\u0007 vt\u000b nul\u0000 \uffff')).toBe('bell_x0007_ vt_x000B_ nul_x0000_ _xFFFF_');
    expect(xmlText('_x0041_ stays')).toBe('_x005F_x0041_ stays');
  });

  it('leaves plain text as it is', () => {
    const text = 'Coffee ☕ "large", 12 × €4,50';
    expect(xmlText(text)).toBe(text);
  });
});

describe('exceljsText', () => {
  it('escapes what exceljs would drop or write as it is, and leaves markup for exceljs to escape', () => {
    expect(exceljsText('bell\u0007 del\u007f cr\r \uffff <b>&')).toBe(
      'bell_x0007_ del_x007F_ cr_x000D_ _xFFFF_ <b>&',
    );
    expect(exceljsText('_x0041_ stays, _x00 too')).toBe('_x005F_x0041_ stays, _x00 too');
    expect(exceljsText('Coffee ☕ "large"\ttab\nline')).toBe('Coffee ☕ "large"\ttab\nline');
  });
});

describe('wrappedLines', () => {
  it('counts each line of a text, wrapped at about the width', () => {
    expect(wrappedLines('', 10)).toBe(1);
    expect(wrappedLines('123456789', 10)).toBe(1);
    expect(wrappedLines('1234567890', 10)).toBe(2);
    expect(wrappedLines('one\ntwo\n\nfour', 10)).toBe(4);
  });
});

describe('columnLetters', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('createRowXml', () => {
  const columns = [
    column<never>('id', 'identifier', () => null),
    column<never>('note', 'longText', () => null),
    column<never>('at', 'datetime', () => null),
    column<never>('usd', 'usd', () => null),
    column<never>('amount', 'crypto', () => null),
    column<never>('matched', 'flag', () => null),
  ];
  const rowXml = createRowXml(columns, STYLES, [38, 20, 20, 14, 20, 9]);

  it('writes each cell by its kind and leaves empty cells out', () => {
    expect(rowXml(['a1', null, '1970-01-02 12:00:00', '12.5', '0.00000001', 'true'], 7)).toBe(
      '<row r="7">' +
        '<c r="A7" s="1" t="inlineStr"><is><t>a1</t></is></c>' +
        '<c r="C7" s="4"><v>25570.5</v></c>' +
        '<c r="D7" s="5"><v>12.5</v></c>' +
        '<c r="E7" s="108"><v>0.00000001</v></c>' +
        '<c r="F7" s="7" t="b"><v>1</v></c>' +
        '</row>',
    );
  });

  it('writes a flag as a true/false cell', () => {
    expect(rowXml([null, null, null, null, null, 'false'], 8)).toBe(
      '<row r="8"><c r="F8" s="7" t="b"><v>0</v></c></row>',
    );
  });

  it('keeps white space at either end of a text and cuts text at a cell’s limit', () => {
    const xml = rowXml([' padded ', 'x'.repeat(MAX_CELL_TEXT + 5), null, null, null, null], 2);
    expect(xml).toContain('<t xml:space="preserve"> padded </t>');
    expect(xml).toContain(`<t>${'x'.repeat(MAX_CELL_TEXT)}</t>`);
  });

  it('makes a row as tall as the lines of its long text, and leaves a one-line row alone', () => {
    // The note column is 20 wide: 19 characters a line. Three lines: two of the first, one of the second.
    expect(rowXml(['a', `${'y'.repeat(25)}\nshort`, null, null, null, null], 4)).toMatch(
      /^<row r="4" ht="45" customHeight="1">/,
    );
    expect(rowXml(['a', 'y'.repeat(19), null, null, null, null], 5)).toMatch(/^<row r="5">/);
  });

  it('writes amounts a double cannot hold, timestamps a spreadsheet cannot show and a flag other than true or false as text', () => {
    expect(
      rowXml(
        [null, null, '1899-12-31 00:00:00', '123456789012345678.25', '0.1234567890123456789', 'maybe'],
        3,
      ),
    ).toBe(
      '<row r="3">' +
        '<c r="C3" s="1" t="inlineStr"><is><t>1899-12-31 00:00:00</t></is></c>' +
        '<c r="D3" s="3" t="inlineStr"><is><t>123456789012345678.25</t></is></c>' +
        '<c r="E3" s="3" t="inlineStr"><is><t>0.1234567890123456789</t></is></c>' +
        '<c r="F3" s="1" t="inlineStr"><is><t>maybe</t></is></c>' +
        '</row>',
    );
  });
});

describe('createRowXml with amounts finer than their unit', () => {
  const columns = [
    column<never>('amount_fiat', 'fiat', () => null, { currencyColumn: 'currency_fiat' }),
    column<never>('currency_fiat', 'text', () => null),
    column<never>('amount_usd', 'usd', () => null),
  ];
  const rowXml = createRowXml(columns, STYLES, [14, 14, 14]);

  it('shows every decimal the service sent, at least the unit’s own', () => {
    // 1500.5 JPY shown to whole yen would read 1,501; 12.345 USD to cents 12.35; 3.0005 KWD to fils 3.001.
    expect(rowXml(['1500.5', 'JPY', '12.345'], 2)).toBe(
      '<row r="2">' +
        '<c r="A2" s="101"><v>1500.5</v></c>' +
        '<c r="B2" s="1" t="inlineStr"><is><t>JPY</t></is></c>' +
        '<c r="C2" s="103"><v>12.345</v></c>' +
        '</row>',
    );
    expect(rowXml(['3.0005', 'KWD', '0.00000001'], 3)).toBe(
      '<row r="3">' +
        '<c r="A3" s="104"><v>3.0005</v></c>' +
        '<c r="B3" s="1" t="inlineStr"><is><t>KWD</t></is></c>' +
        '<c r="C3" s="108"><v>0.00000001</v></c>' +
        '</row>',
    );
    // Amounts within their unit keep the unit's format: whole yen, cents.
    expect(rowXml(['1500', 'JPY', '10.5'], 4)).toBe(
      '<row r="4">' +
        '<c r="A4" s="100"><v>1500</v></c>' +
        '<c r="B4" s="1" t="inlineStr"><is><t>JPY</t></is></c>' +
        '<c r="C4" s="5"><v>10.5</v></c>' +
        '</row>',
    );
  });
});

describe('doubleHolds', () => {
  it.each([
    ['0.00000095', true],
    ['81119.92', true],
    ['-0.5', true],
    ['0', true],
    ['123456789012345', true],
    ['0.000000000000000001', true],
    // 17 significant digits, one a double keeps: 2^53 + 0 is exact.
    ['9007199254740992', true],
    ['0.123456789012345678', false],
    ['98765432109876543.21', false],
    ['9007199254740993', false],
    ['', false],
    ['-', false],
  ])('says %j is %s', (amount, holds) => {
    expect(doubleHolds(amount)).toBe(holds);
  });
});

describe('decimalsOf', () => {
  it('counts the digits after the point', () => {
    expect([decimalsOf('12'), decimalsOf('0.5'), decimalsOf('-0.00000095')]).toEqual([0, 1, 8]);
  });
});

describe('excelSerial', () => {
  it('counts days from 1899-12-30, the time of day as the fraction', () => {
    // 1 Jan 1970 is day 25,569; 1 Sep 2026 is 20,697 days later; 06:00 is a quarter of a day.
    expect(excelSerial('1970-01-01 00:00:00')).toBe(25_569);
    expect(excelSerial('2026-09-01 06:00:00')).toBe(46_266.25);
  });

  it('leaves out what a spreadsheet cannot show as a date, and text that is not a datetime', () => {
    expect(excelSerial('1900-02-28 23:59:59')).toBeUndefined();
    expect(excelSerial('1900-03-01 00:00:00')).toBe(61);
    expect(excelSerial('2026-02-30 10:00:00')).toBeUndefined();
    expect(excelSerial('soon')).toBeUndefined();
  });
});
