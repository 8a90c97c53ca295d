import { fiatFractionDigits } from '../../invoicing';
import type { TableColumn } from '../../report';
import { decimalsOf, doubleHolds, excelSerial, MAX_SHOWN_DECIMALS } from './cell-values';

/** The style (`s`) of each kind of cell, as the workbook registered them. */
export interface CellStyles {
  /** Identifiers and free text, formatted as text. */
  text: number;
  /** A true/false cell, centred. */
  flag: number;
  /** Long free text, wrapped. */
  wrappedText: number;
  /** A number that a double cannot hold, kept as text with every digit, aligned right as numbers are. */
  digitsAsText: number;
  date: number;
  usd: number;
  count: number;
  /** A number shown with this many decimals. */
  decimals(decimals: number): number;
}

/** A line of text in points, at the default font (Calibri 11): the default row height. */
export const LINE_HEIGHT_POINTS = 15;
/** The tallest a spreadsheet row may be. */
const MAX_ROW_HEIGHT_POINTS = 409;

/** The most characters a spreadsheet cell holds (Excel's limit); longer text is cut there in the workbook. */
export const MAX_CELL_TEXT = 32_767;

/** Characters XML text cannot hold as they are, and text that reads as an OOXML escape (`_x000D_`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what XML cannot hold.
const NEEDS_ESCAPE = /[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|_x[0-9a-fA-F]{4}_/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above.
const ESCAPES = /[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|_(?=x[0-9a-fA-F]{4}_)/g;

/** A character as OOXML's escape, `_x0001_`, which spreadsheets read back as the character. */
const ooxmlEscape = (char: string) => `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;

/**
 * Text as the content of an XML element: `&`, `<` and `>` as entities, CR as a character reference (a
 * parser would turn CRLF into LF), and the characters XML 1.0 cannot hold as OOXML's `_xHHHH_`, which
 * spreadsheets read back as the character (an underscore that would start such an escape is escaped
 * itself, `_x005F_`).
 */
export function xmlText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(ESCAPES, (char) => {
    switch (char) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '\r':
        return '&#13;';
      default:
        return ooxmlEscape(char);
    }
  });
}

/**
 * What exceljs does not escape, or drops: the characters XML 1.0 cannot hold (it drops control characters
 * and DEL, and writes U+FFFE and U+FFFF as they are, which no spreadsheet opens), CR (read back as LF), and
 * an underscore that starts an escape (`_x0041_` would read back as `A`).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what exceljs drops.
const EXCELJS_LEAVES = /[\r\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]|_(?=x[0-9a-fA-F]{4}_)/g;

/**
 * Text for a cell that exceljs writes (the Summary sheet), with what exceljs leaves as OOXML's `_xHHHH_`
 * escapes, so that a spreadsheet reads back the text as the list sheets keep it. exceljs escapes `&`, `<`
 * and `>` itself.
 */
export function exceljsText(text: string): string {
  return text.replace(EXCELJS_LEAVES, ooxmlEscape);
}

/** Text cut to a cell's limit, never between the two halves of a character outside the BMP. */
export function cellText(text: string): string {
  if (text.length <= MAX_CELL_TEXT) return text;
  const high = text.charCodeAt(MAX_CELL_TEXT - 1);
  return text.slice(0, high >= 0xd800 && high <= 0xdbff ? MAX_CELL_TEXT - 1 : MAX_CELL_TEXT);
}

/** `A`, `B`, ..., `Z`, `AA`, ... for a column index from 0. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/** What follows a cell's reference up to its text, for a text cell of each style. */
const textCellStart = (style: number) => `" s="${style}" t="inlineStr"><is><t`;
/** What follows a cell's reference up to its value, for a number cell of each style. */
const numberCellStart = (style: number) => `" s="${style}"><v>`;
/** What follows a cell's reference up to its value, for a boolean cell of this style. */
const booleanCellStart = (style: number) => `" s="${style}" t="b"><v>`;
const TEXT_CELL_END = '</t></is></c>';
const NUMBER_CELL_END = '</v></c>';

/** A text cell's attributes after its reference, its text and its end. */
function textCellRest(start: string, value: string): string {
  const text = cellText(value);
  // Spreadsheets drop white space at either end of a text unless told to keep it.
  const keep =
    isSpace(text.charCodeAt(0)) || isSpace(text.charCodeAt(text.length - 1)) ? ' xml:space="preserve">' : '>';
  return start + keep + xmlText(text) + TEXT_CELL_END;
}

/** The height in points of a row of `lines` lines of text, at most what a spreadsheet allows. */
export function rowHeight(lines: number): number {
  return Math.min(lines * LINE_HEIGHT_POINTS, MAX_ROW_HEIGHT_POINTS);
}

/**
 * Lines a text takes in a column `width` characters wide: each of its lines, wrapped at about the
 * width (a proportional font fits a few more, so this errs on the tall side).
 */
export function wrappedLines(text: string, width: number): number {
  const perLine = Math.max(1, Math.floor(width) - 1);
  let lines = 0;
  // Line by line without splitting the text: it is measured for two cells of every row.
  for (let start = 0; ; ) {
    const end = text.indexOf('\n', start);
    lines += Math.max(1, Math.ceil(((end === -1 ? text.length : end) - start) / perLine));
    if (end === -1) return lines;
    start = end + 1;
  }
}

// Measured (npm run bench -- --machinery): 22 to 23 µs of CPU a paid invoice's row against 65 to 77 through exceljs's addRow().commit(), zip included.
/**
 * Writes a row of a list sheet as SpreadsheetML, the way exceljs writes a row it is given the same
 * typed values and styles: each cell by its column's kind (see `ColumnKind`): text as inline strings,
 * amounts and counts as numbers when a double holds every digit (otherwise text with every digit), in a
 * format that shows every decimal the amount has, as the CSV and the page do; timestamps as dates,
 * flags as true/false cells; empty cells are left out. A row whose long text wraps gets the height of
 * its lines: spreadsheets do not all grow a row for text that wraps at the column's edge (LibreOffice
 * does only for line breaks), and the text would run into the next row.
 *
 * Written here rather than through exceljs's rows: exceljs builds a cell object, a style key and an XML
 * node list per cell. `test/lib/render/xlsx/report-workbook.test.ts` reads the rows back with exceljs.
 */
export function createRowXml(
  columns: readonly TableColumn[],
  styles: CellStyles,
  widths: readonly number[],
): (cells: readonly (string | null)[], rowNumber: number) => string {
  const letters = columns.map((_, index) => columnLetters(index));
  const currencyIndex = columns.map((column) =>
    column.currencyColumn === undefined ? -1 : columns.findIndex((c) => c.header === column.currencyColumn),
  );
  // Every piece of a cell that does not depend on its value is made once here: a row is written for
  // every record, and building the same strings for each of its cells is most of what it costs.
  const refStarts = letters.map((letter) => `<c r="${letter}`);
  const text = textCellStart(styles.text);
  const wrappedText = textCellStart(styles.wrappedText);
  const digitsAsText = textCellStart(styles.digitsAsText);
  const date = numberCellStart(styles.date);
  const flag = booleanCellStart(styles.flag);
  const usd = numberCellStart(styles.usd);
  const count = numberCellStart(styles.count);
  const byDecimals = new Map<number, string>();
  const decimals = (places: number) => {
    let start = byDecimals.get(places);
    if (start === undefined) {
      start = numberCellStart(styles.decimals(places));
      byDecimals.set(places, start);
    }
    return start;
  };
  const kinds = columns.map((column) => column.kind);
  return (cells, rowNumber) => {
    const row = String(rowNumber);
    let xml = '';
    let lines = 1;
    for (let index = 0; index < kinds.length; index++) {
      const value = cells[index];
      if (value === null || value === undefined || value === '') continue;
      xml += refStarts[index] + row;
      switch (kinds[index]) {
        case 'identifier':
        case 'text':
          xml += textCellRest(text, value);
          break;
        case 'flag':
          // `true` or `false` as the CSV has it; anything else stays text rather than turn into either.
          xml +=
            value === 'true' || value === 'false'
              ? flag + (value === 'true' ? '1' : '0') + NUMBER_CELL_END
              : textCellRest(text, value);
          break;
        case 'longText':
          xml += textCellRest(wrappedText, value);
          lines = Math.max(lines, wrappedLines(value, widths[index]!));
          break;
        case 'datetime': {
          const serial = excelSerial(value);
          xml += serial === undefined ? textCellRest(text, value) : date + String(serial) + NUMBER_CELL_END;
          break;
        }
        case 'usd': {
          // Cents, or every decimal the amount has: a format of fewer would show 12.345 as 12.35.
          const places = decimalsOf(value);
          xml +=
            places <= MAX_SHOWN_DECIMALS && doubleHolds(value)
              ? (places <= 2 ? usd : decimals(places)) + value + NUMBER_CELL_END
              : textCellRest(digitsAsText, value);
          break;
        }
        case 'count':
          xml += doubleHolds(value) ? count + value + NUMBER_CELL_END : textCellRest(digitsAsText, value);
          break;
        case 'fiat': {
          // The currency's minor unit, or every decimal the amount has: 1500.5 JPY is not 1,501.
          const currency = cells[currencyIndex[index]!] ?? '';
          const places = Math.max(fiatFractionDigits(currency), decimalsOf(value));
          xml +=
            places <= MAX_SHOWN_DECIMALS && doubleHolds(value)
              ? decimals(places) + value + NUMBER_CELL_END
              : textCellRest(digitsAsText, value);
          break;
        }
        case 'crypto':
        case 'percent': {
          const places = decimalsOf(value);
          xml +=
            places <= MAX_SHOWN_DECIMALS && doubleHolds(value)
              ? decimals(places) + value + NUMBER_CELL_END
              : textCellRest(digitsAsText, value);
          break;
        }
      }
    }
    if (lines === 1) return `<row r="${row}">${xml}</row>`;
    return `<row r="${row}" ht="${rowHeight(lines)}" customHeight="1">${xml}</row>`;
  };
}
