import { stringify } from 'csv-stringify/sync';
import { isFreeText, type TableColumn } from '../../report';
import { neutraliseFormula } from './neutralise-formula';

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
