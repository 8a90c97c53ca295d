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

/**
 * A cell as csv-stringify writes it with `CSV_OPTIONS`: as it is, or, when it holds a quote, a comma,
 * CR or LF, in quotes with every quote doubled (RFC 4180).
 *
 * The header goes through csv-stringify; the rows are written here because a call of csv-stringify
 * costs some 10 µs and 17 KB of garbage a row, for tens of thousands of rows a month while the CLI is
 * short of CPU and memory (see `bench/`). `test/lib/report/csv/csv-rows.test.ts` compares rows written
 * here with csv-stringify's on hostile text.
 */
function csvCell(text: string): string {
  return NEEDS_QUOTING.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Bytes handed to the stream at a time: large enough to keep per-chunk overhead low. */
const CHUNK_BYTES = 64 * 1024;

/** Size of the blocks the encoded lines are appended to. */
const BLOCK_BYTES = 1024 * 1024;

/**
 * Encoded lines (UTF-8), one after another in large blocks, each found by its number.
 *
 * Rather than a Buffer per line: each Buffer is an object of its own on the garbage-collected heap
 * (some 100 bytes), a month's tables keep a hundred thousand lines until the end, and V8 lets that heap
 * grow to a few times what is live, so whatever is kept there counts several times over in the peak
 * memory. The blocks live outside that heap.
 */
class LineStore {
  readonly #blocks: Buffer[] = [];
  /** Where each line starts in its block, and its block and length, by line number. */
  readonly #starts: number[] = [];
  readonly #blockOf: number[] = [];
  readonly #lengths: number[] = [];
  /** Bytes used in the last block; "full" before the first line, which opens the first block. */
  #used = BLOCK_BYTES;

  /** Appends a line and returns its number. */
  append(line: string): number {
    const length = Buffer.byteLength(line);
    if (this.#used + length > BLOCK_BYTES) {
      // A line longer than a block gets a block of its own size.
      this.#blocks.push(Buffer.allocUnsafe(Math.max(BLOCK_BYTES, length)));
      this.#used = 0;
    }
    const block = this.#blocks.length - 1;
    this.#blocks[block]!.write(line, this.#used);
    this.#starts.push(this.#used);
    this.#blockOf.push(block);
    this.#lengths.push(length);
    this.#used += length;
    return this.#starts.length - 1;
  }

  /** The bytes of line `index`: a view into its block, not a copy. */
  line(index: number): Buffer {
    const start = this.#starts[index]!;
    return this.#blocks[this.#blockOf[index]!]!.subarray(start, start + this.#lengths[index]!);
  }
}

/**
 * A builder that keeps each row as its encoded line plus a sort key, never the record: a month can hold
 * tens of thousands of records, and the parsed objects are many times larger than their CSV lines. The
 * first record seen with an id wins; later ones with the same id are dropped.
 */
export function createCsvTableBuilder<T>(spec: CsvTableSpec<T>): CsvTableBuilder<T> {
  const header = Buffer.from(
    stringify([], { ...CSV_OPTIONS, bom: true, header: true, columns: spec.columns.map((c) => c.header) }),
  );
  const lines = new LineStore();
  /** By line number: the timestamp followed by the id (`Y-m-d H:i:s` is fixed-width, so string order is right). */
  let sortKeys: string[] | undefined = [];
  let ids: Set<string> | undefined = new Set();
  let table: CsvTable | undefined;

  return {
    add(record) {
      if (sortKeys === undefined || ids === undefined) {
        throw new Error('CSV table already built: add() after build()');
      }
      const id = spec.id(record);
      if (ids.has(id)) return;
      const cells = spec.columns.map((column) => {
        const value = column.value(record) ?? '';
        return csvCell(column.kind === 'text' ? neutraliseFormula(value) : value);
      });
      lines.append(`${cells.join(',')}\r\n`);
      sortKeys.push(`${spec.timestamp(record)} ${id}`);
      ids.add(id);
    },
    build() {
      if (table !== undefined) return table;
      // `sortKeys` is only cleared together with setting `table`.
      const keys = sortKeys!;
      const order = Array.from(keys, (_, index) => index).sort((a, b) =>
        keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0,
      );
      sortKeys = undefined;
      ids = undefined;
      table = {
        rowCount: order.length,
        stream: () => Readable.from(chunks(header, order, lines), { objectMode: false }),
      };
      return table;
    },
  };
}

/** The file in chunks of about CHUNK_BYTES, the lines in `order`, produced as the reader asks for them. */
function* chunks(header: Buffer, order: readonly number[], lines: LineStore): Generator<Buffer> {
  let batch: Buffer[] = [header];
  let size = header.length;
  for (const index of order) {
    const line = lines.line(index);
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
