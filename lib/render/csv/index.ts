import { stringify } from 'csv-stringify/sync';
import { isFreeText, type TableColumn } from '../../report';

/** What makes csv-stringify quote a field with the options below: the delimiter, the quote, CR or LF. */
const NEEDS_QUOTING = /[",\r\n]/;

const CSV_OPTIONS = {
  record_delimiter: 'windows',
  // csv-stringify stops quoting a lone LF or CR once `record_delimiter` is set; without this a
  // description holding a line break would split its row in two.
  quote_record_delimiter: true,
} as const;

/** The start of a CSV file: the UTF-8 BOM and the header line, written by csv-stringify. */
export function csvHeader(columns: readonly TableColumn[]): string {
  return stringify([], { ...CSV_OPTIONS, bom: true, header: true, columns: columns.map((c) => c.header) });
}

// A cell as csv-stringify writes it with `CSV_OPTIONS`: a call of it costs some 10 µs and 17 KB of garbage
// a row; `csv-rows.test.ts` compares the two on hostile text.
function csvCell(text: string): string {
  return NEEDS_QUOTING.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A row's line, CRLF-terminated: free text neutralised against formulas, the rest as given (`-0.5` stays a number). */
export function csvLine(cells: readonly (string | null)[], columns: readonly TableColumn[]): string {
  let line = '';
  for (let index = 0; index < columns.length; index++) {
    const value = cells[index] ?? '';
    if (index > 0) line += ',';
    line += csvCell(isFreeText(columns[index]!.kind) ? neutraliseFormula(value) : value);
  }
  return `${line}\r\n`;
}

/** What may stand unseen before a formula sign, and what spreadsheets skip: spaces, controls, format and ignorables. */
const LEADING_INVISIBLE = /^[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]*/u;

/** A formula sign in its compatibility form (NFKC maps `＝`, `﹢`, `＠` onto them), any dash (`−`, `﹣`, `－`) a minus. */
const FORMULA_SIGN = /^[=+@\p{Dash}]$/u;

// A `'` before a text starting with `\t`, `\r`, `\n`, or a formula sign after invisible characters (` =1`).
// Not csv-stringify's `escape_formulas`: it looks at the first character only, misses the look-alikes, and
// escapes numbers (`-0.5`), which must stay numbers.
export function neutraliseFormula(text: string): string {
  const first = text.charCodeAt(0);
  // Visible ASCII other than `=`, `+`, `-` and `@` (most cells): decided without a regular expression.
  if (first > 0x20 && first < 0x7f && first !== 0x3d && first !== 0x2b && first !== 0x2d && first !== 0x40) {
    return text;
  }
  // OWASP's list for CSV injection: a tab, CR or LF first is neutralised as it is.
  if (/^[\t\r\n]/.test(text)) return `'${text}`;
  const [visible] = text.replace(LEADING_INVISIBLE, '');
  return visible !== undefined && FORMULA_SIGN.test(visible.normalize('NFKC').charAt(0)) ? `'${text}` : text;
}
