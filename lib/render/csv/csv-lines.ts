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

/**
 * A cell as csv-stringify writes it with `CSV_OPTIONS` (RFC 4180). Rows are written here because a call
 * of csv-stringify costs some 10 µs and 17 KB of garbage a row, for hundreds of thousands of rows a
 * period; `csv-rows.test.ts` compares the two on hostile text.
 */
function csvCell(text: string): string {
  return NEEDS_QUOTING.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A row's line, CRLF-terminated: free text neutralised against formulas (see `neutraliseFormula`), every
 * other cell exactly as given, so that an amount such as `-0.5` stays a number in a spreadsheet.
 */
export function csvLine(cells: readonly (string | null)[], columns: readonly TableColumn[]): string {
  let line = '';
  for (let index = 0; index < columns.length; index++) {
    const value = cells[index] ?? '';
    if (index > 0) line += ',';
    line += csvCell(isFreeText(columns[index]!.kind) ? neutraliseFormula(value) : value);
  }
  return `${line}\r\n`;
}

/** A cell starting with one of these is neutralised as it is (OWASP's list for CSV injection). */
const LEADING_CONTROLS = new Set(['\t', '\r', '\n']);

/**
 * What may stand before a formula sign without a reader seeing it, and what some spreadsheets skip
 * before they look for one: white space (Unicode's, the no-break and ideographic spaces included),
 * control and format characters (zero-width space U+200B, joiners U+200C/D, BOM U+FEFF, word joiner
 * U+2060, soft hyphen U+00AD, bidi marks and embeddings) and the other default-ignorable code points
 * (variation selectors, fillers).
 */
const LEADING_INVISIBLE = /^[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]*/u;

/** The signs that start a formula, once a character is brought to its compatibility form (NFKC). */
const FORMULA_SIGNS = new Set(['=', '+', '@']);

/** Any dash (Unicode's Dash property): `-`, the minus sign U+2212, hyphens, en and em dashes, `﹣`, `－`. */
const DASH = /^\p{Dash}$/u;

/**
 * Whether `char` reads as a formula sign. NFKC maps the look-alikes onto the ASCII signs: `﹦` U+FE66
 * and `＝` U+FF1D onto `=`, `﹢` U+FE62 and `＋` U+FF0B onto `+`, `﹫` U+FE6B and `＠` U+FF20 onto `@`,
 * and the superscript and subscript forms likewise; every dash counts as a minus.
 */
function isFormulaSign(char: string): boolean {
  const sign = char.normalize('NFKC').charAt(0);
  return FORMULA_SIGNS.has(sign) || DASH.test(sign);
}

/**
 * Makes a text cell inert in Excel, LibreOffice and Google Sheets with a `'` in front when it starts with
 * a formula trigger: `\t`, `\r` or `\n` first, or a formula sign (`=`, `+`, `-`, `@`, look-alikes) after
 * any white space and invisible characters (` =1`, `\u200B=1`). Not csv-stringify's `escape_formulas`: it
 * looks at the first character only, misses a leading LF and the look-alikes, and escapes numbers (`-0.5`),
 * which must stay numbers: only text columns come here.
 */
export function neutraliseFormula(text: string): string {
  const first = text.charCodeAt(0);
  // Visible ASCII other than `=`, `+`, `-` and `@` (most cells): decided without a regular expression.
  if (first > 0x20 && first < 0x7f && first !== 0x3d && first !== 0x2b && first !== 0x2d && first !== 0x40) {
    return text;
  }
  if (LEADING_CONTROLS.has(text.charAt(0))) return `'${text}`;
  const [visible] = text.replace(LEADING_INVISIBLE, '');
  return visible !== undefined && isFormulaSign(visible) ? `'${text}` : text;
}
