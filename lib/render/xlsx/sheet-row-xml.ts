import Big from 'big.js';
import type { Style } from 'exceljs';
import { fiatFractionDigits } from '../../invoicing';
import { serviceDatetimeToEpochMs } from '../../period';
import type { TableColumn } from '../../report';

/** Days from Excel's day 0 (1899-12-30, in its 1900 date system) to 1970-01-01. */
const EPOCH_SERIAL = 25_569;
const MS_PER_DAY = 86_400_000;
/** Excel's serials are right from 1 March 1900: it counts a 29 February 1900, and has nothing before 1900. */
const FIRST_EXACT_DATE_MS = Date.UTC(1900, 2, 1);

/** The most decimals a number format shows (Excel's limit is 30). */
export const MAX_SHOWN_DECIMALS = 30;

/** Whether a double holds this plain decimal exactly, every digit the service sent (`0.00000095` yes). */
export function doubleHolds(amount: string): boolean {
  // At most 15 significant digits (DBL_DIG) always print back: the common case, decided without converting.
  if (significantDigits(amount) <= 15) return true;
  const double = Number(amount);
  if (!Number.isFinite(double)) return false;
  const text = String(double);
  // `String` writes very small and very large doubles with an exponent; Big writes them out plainly.
  return (text.includes('e') ? new Big(double).toFixed() : text) === amount;
}

/** Digits of a plain decimal from its first non-zero one (`0.00120` has 3); infinity for other text. */
function significantDigits(amount: string): number {
  let digits = 0;
  let started = false;
  let any = false;
  for (let index = amount.charCodeAt(0) === 45 ? 1 : 0; index < amount.length; index++) {
    const code = amount.charCodeAt(index);
    if (code === 46) continue;
    if (code < 48 || code > 57) return Number.POSITIVE_INFINITY;
    any = true;
    if (code !== 48) started = true;
    if (started) digits += 1;
  }
  return any ? digits : Number.POSITIVE_INFINITY;
}

/** Decimals a plain decimal has after its point. */
export function decimalsOf(amount: string): number {
  const point = amount.indexOf('.');
  return point === -1 ? 0 : amount.length - point - 1;
}

/** The spreadsheet serial number of the service's `Y-m-d H:i:s` in UTC; `undefined` for what it cannot show. */
export function excelSerial(serviceDatetime: string): number | undefined {
  const epochMs = serviceDatetimeToEpochMs(serviceDatetime);
  if (Number.isNaN(epochMs) || epochMs < FIRST_EXACT_DATE_MS) return undefined;
  return epochMs / MS_PER_DAY + EPOCH_SERIAL;
}

// Format codes are locale-independent in the file: a spreadsheet shows its own separators (`1.234,56`).
export const USD_FORMAT = '#,##0.00';
export const COUNT_FORMAT = '#,##0';
/** Timestamps in UTC, the zone a literal of the format: `2026-09-30 23:45:00 UTC`, still a date. */
export const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss "UTC"';
/** Text: a cell formatted as text stays text when someone edits it (`=1+1` is not run). */
export const TEXT_FORMAT = '@';
/** True/false cells: LibreOffice shows a boolean as 1 unless its format is this code (the one it writes). */
export const BOOLEAN_FORMAT = '"TRUE";"TRUE";"FALSE"';

/** A number with `decimals` decimals and thousands separators: `#,##0.00000000` for 8. */
export const decimalFormat = (decimals: number): string =>
  decimals === 0 ? COUNT_FORMAT : `#,##0.${'0'.repeat(decimals)}`;

/** The most characters a spreadsheet cell holds (Excel's limit); longer text is cut there in the workbook. */
export const MAX_CELL_TEXT = 32_767;

// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what XML cannot hold.
const NEEDS_ESCAPE = /[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|_x[0-9a-fA-F]{4}_/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above.
const ESCAPES = /[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|_(?=x[0-9a-fA-F]{4}_)/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };

/** A character as OOXML's escape, `_x0001_`, which spreadsheets read back as the character. */
const ooxmlEscape = (char: string) => `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;

/** XML content: markup as entities, CR as `&#13;` (parsers read CRLF as LF), what XML cannot hold as `_xHHHH_`. */
export function xmlText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(ESCAPES, (char) => ENTITIES[char] ?? ooxmlEscape(char));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what exceljs drops.
const EXCELJS_LEAVES = /[\r\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]|_(?=x[0-9a-fA-F]{4}_)/g;

/** Text for exceljs to write as the list sheets keep it: what exceljs drops, writes raw or misreads as `_xHHHH_`. */
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

/** The height in points of a row of `lines` lines (15 points each at Calibri 11), at most Excel's 409. */
export const rowHeight = (lines: number): number => Math.min(lines * 15, 409);

/** Lines a text takes in a column `width` characters wide; errs on the tall side for a proportional font. */
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

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;
const NUMBER_END = '</v></c>';

/** exceljs's `ValueType` numbers (importing exceljs for them would load it at start). */
const NUMBER = 2;
const STRING = 3;
const BOOLEAN = 9;

/** Each kind of list sheet cell up to its value, its style registered; `digitsAsText`: digits a double loses. */
export function listSheetCells(register: (style: Partial<Style>, valueType: number) => number) {
  const style = (model: Partial<Style>, type: number) =>
    `" s="${register({ ...model, alignment: { vertical: 'top', ...model.alignment } }, type)}"`;
  const text = (model: Partial<Style>) =>
    `${style({ numFmt: TEXT_FORMAT, ...model }, STRING)} t="inlineStr"><is><t`;
  const number = (numFmt: string) => `${style({ numFmt }, NUMBER)}><v>`;
  const byDecimals: string[] = [];
  return {
    text: text({}),
    flag: `${style({ numFmt: BOOLEAN_FORMAT, alignment: { horizontal: 'center' } }, BOOLEAN)} t="b"><v>`,
    wrappedText: text({ alignment: { wrapText: true } }),
    digitsAsText: text({ alignment: { horizontal: 'right' } }),
    date: number(DATETIME_FORMAT),
    usd: number(USD_FORMAT),
    count: number(COUNT_FORMAT),
    decimals: (places: number): string => (byDecimals[places] ??= number(decimalFormat(places))),
  };
}

export type ListSheetCells = ReturnType<typeof listSheetCells>;

/** A text cell after its reference; spreadsheets drop white space at either end unless told to keep it. */
function textCell(start: string, value: string): string {
  const text = cellText(value);
  const keep = isSpace(text.charCodeAt(0)) || isSpace(text.charCodeAt(text.length - 1));
  return `${start}${keep ? ' xml:space="preserve">' : '>'}${xmlText(text)}</t></is></c>`;
}

// Measured (npm run bench -- --machinery): 22 to 23 µs of CPU a paid invoice's row against 65 to 77 through exceljs's addRow().commit(), zip included.
// A list sheet's row as exceljs writes the same typed values and styles: numbers when a double holds every
// digit (else text) in a format showing every decimal, no empty cells, and the height of wrapped text
// (spreadsheets do not all grow a row for it).
export function createRowXml(
  columns: readonly TableColumn[],
  starts: ListSheetCells,
  widths: readonly number[],
): (cells: readonly (string | null)[], rowNumber: number) => string {
  const currencyIndex = columns.map((column) =>
    column.currencyColumn === undefined ? -1 : columns.findIndex((c) => c.header === column.currencyColumn),
  );
  // Every piece of a cell that does not depend on its value is made once: it is most of a row's cost.
  const refStarts = columns.map((_, index) => `<c r="${columnLetters(index)}`);
  const { text, flag, wrappedText, digitsAsText, date, usd, count, decimals } = starts;
  const numeric = (value: string, places: number, start?: string) =>
    places <= MAX_SHOWN_DECIMALS && doubleHolds(value)
      ? (start ?? decimals(places)) + value + NUMBER_END
      : textCell(digitsAsText, value);
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
          xml += textCell(text, value);
          break;
        case 'flag':
          // `true` or `false` as the CSV has it; anything else stays text rather than turn into either.
          xml +=
            value === 'true' || value === 'false'
              ? flag + (value === 'true' ? '1' : '0') + NUMBER_END
              : textCell(text, value);
          break;
        case 'longText':
          xml += textCell(wrappedText, value);
          lines = Math.max(lines, wrappedLines(value, widths[index]!));
          break;
        case 'datetime': {
          const serial = excelSerial(value);
          xml += serial === undefined ? textCell(text, value) : date + String(serial) + NUMBER_END;
          break;
        }
        case 'usd': {
          // Cents, or every decimal the amount has: a format of fewer would show 12.345 as 12.35.
          const places = decimalsOf(value);
          xml += numeric(value, places, places <= 2 ? usd : undefined);
          break;
        }
        case 'count':
          xml += numeric(value, 0, count);
          break;
        case 'fiat':
          // The currency's minor unit, or every decimal the amount has: 1500.5 JPY is not 1,501.
          xml += numeric(
            value,
            Math.max(fiatFractionDigits(cells[currencyIndex[index]!] ?? ''), decimalsOf(value)),
          );
          break;
        case 'crypto':
        case 'percent':
          xml += numeric(value, decimalsOf(value));
          break;
      }
    }
    if (lines === 1) return `<row r="${row}">${xml}</row>`;
    return `<row r="${row}" ht="${rowHeight(lines)}" customHeight="1">${xml}</row>`;
  };
}
