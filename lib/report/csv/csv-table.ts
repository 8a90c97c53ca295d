import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { CsvTable, CsvTableBuilder } from '../model';
import { neutraliseFormula } from './neutralise-formula';

/**
 * One column of a CSV file.
 * - `text`: free text from the service (names, descriptions, hashes, addresses); formula triggers are
 *   neutralised.
 * - `plain`: identifiers, timestamps, amounts, counts, flags; written exactly as given, so that an amount
 *   such as `-0.5` stays a number in a spreadsheet.
 */
export interface CsvColumn<T> {
  header: string;
  kind: 'text' | 'plain';
  /** The cell's value; `null` or `undefined` is an empty cell. */
  value(record: T): string | null | undefined;
}

/** Describes how records of one kind become the rows of one CSV file. */
export interface CsvTableSpec<T> {
  columns: readonly CsvColumn<T>[];
  /** Unique per record: a second record with the same id is dropped. */
  id(record: T): string;
  /** The service's `Y-m-d H:i:s` timestamp the rows are sorted by (then by id). */
  timestamp(record: T): string;
}

/** A text column: its cells are neutralised against formula injection. */
export const textColumn = <T>(header: string, value: CsvColumn<T>['value']): CsvColumn<T> => ({
  header,
  kind: 'text',
  value,
});

/** A column written exactly as given (identifiers, timestamps, amounts, counts, flags). */
export const plainColumn = <T>(header: string, value: CsvColumn<T>['value']): CsvColumn<T> => ({
  header,
  kind: 'plain',
  value,
});

/**
 * What makes csv-stringify quote a field with these options: the delimiter, the quote or a line break.
 * A row with none of them in any cell comes out of csv-stringify as its cells joined by commas, so such
 * rows skip it: its general-purpose per-field checks cost about 7 µs a row here against under 2 µs,
 * some 0.5 s of CPU for a month of 50,000 paid invoices, while the CLI is short of CPU (see `bench/`).
 * Every row that needs quoting still goes through csv-stringify.
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

interface PendingRow {
  /** The timestamp followed by the id: `Y-m-d H:i:s` is fixed-width, so plain string order is right. */
  sortKey: string;
  /** The encoded line, CRLF included, as UTF-8. */
  line: Buffer;
}

/**
 * A builder that keeps each row as its encoded line (a Buffer of UTF-8) plus a sort key, never the
 * record: a month can hold tens of thousands of records, and the parsed objects are many times larger
 * than their CSV lines. The first record seen with an id wins; later ones with the same id are dropped.
 */
export function createCsvTableBuilder<T>(spec: CsvTableSpec<T>): CsvTableBuilder<T> {
  const header = Buffer.from(
    stringify([], { ...CSV_OPTIONS, bom: true, header: true, columns: spec.columns.map((c) => c.header) }),
  );
  let rows: Map<string, PendingRow> | undefined = new Map();
  let table: CsvTable | undefined;

  return {
    add(record) {
      if (rows === undefined) throw new Error('CSV table already built: add() after build()');
      const id = spec.id(record);
      if (rows.has(id)) return;
      const cells = spec.columns.map((column) => {
        const value = column.value(record) ?? '';
        return column.kind === 'text' ? neutraliseFormula(value) : value;
      });
      rows.set(id, {
        sortKey: `${spec.timestamp(record)} ${id}`,
        line: Buffer.from(
          cells.some((cell) => NEEDS_QUOTING.test(cell))
            ? stringify([cells], CSV_OPTIONS)
            : `${cells.join(',')}\r\n`,
        ),
      });
    },
    build() {
      if (table !== undefined) return table;
      // `rows` is only cleared together with setting `table`.
      const sorted = [...rows!.values()].sort((a, b) =>
        a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0,
      );
      rows = undefined;
      const lines = sorted.map((row) => row.line);
      table = {
        rowCount: lines.length,
        stream: () => Readable.from(chunks(header, lines), { objectMode: false }),
      };
      return table;
    },
  };
}

/** The file in chunks of about CHUNK_BYTES, produced as the reader asks for them. */
function* chunks(header: Buffer, lines: readonly Buffer[]): Generator<Buffer> {
  let batch: Buffer[] = [header];
  let size = header.length;
  for (const line of lines) {
    batch.push(line);
    size += line.length;
    if (size >= CHUNK_BYTES) {
      yield Buffer.concat(batch, size);
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) yield Buffer.concat(batch, size);
}
