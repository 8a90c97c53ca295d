import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { isFreeText, type RowTable, type TableColumn } from '../../report';
import { neutraliseFormula } from './neutralise-formula';

/**
 * What makes csv-stringify quote a field with the options below: the delimiter, the quote, or a CR or
 * LF (any part of the record delimiter).
 */
const NEEDS_QUOTING = /[",\r\n]/;

const CSV_OPTIONS = {
  record_delimiter: 'windows',
  // csv-stringify stops quoting a lone LF or CR once `record_delimiter` is set; without this a
  // description holding a line break would split its row in two.
  quote_record_delimiter: true,
} as const;

/** Bytes handed to the stream at a time: large enough to keep per-chunk overhead low. */
const CHUNK_BYTES = 64 * 1024;

/** The start of a CSV file: the UTF-8 BOM and the header line, written by csv-stringify. */
export function csvHeader(columns: readonly TableColumn[]): Buffer {
  return Buffer.from(
    stringify([], { ...CSV_OPTIONS, bom: true, header: true, columns: columns.map((c) => c.header) }),
  );
}

/**
 * A cell as csv-stringify writes it with `CSV_OPTIONS`: as it is, or, when it holds a quote, a comma,
 * CR or LF, in quotes with every quote doubled (RFC 4180).
 *
 * The header goes through csv-stringify; the rows are written here because a call of csv-stringify
 * costs some 10 µs and 17 KB of garbage a row, for hundreds of thousands of rows a period (see
 * `bench/`). `test/lib/render/csv/csv-rows.test.ts` compares rows written here with csv-stringify's on
 * hostile text.
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

/** The whole CSV file of a table (BOM, header, rows in order), a fresh stream each call. */
export function csvStream(table: RowTable): Readable {
  return Readable.from(csvChunks(table), { objectMode: false });
}

async function* csvChunks(table: RowTable): AsyncGenerator<Buffer> {
  let text = csvHeader(table.columns).toString('utf8');
  for await (const cells of table.rows()) {
    text += csvLine(cells, table.columns);
    if (text.length >= CHUNK_BYTES) {
      yield Buffer.from(text);
      text = '';
    }
  }
  if (text.length > 0) yield Buffer.from(text);
}
