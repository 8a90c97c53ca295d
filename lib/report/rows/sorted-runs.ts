import { type FileHandle, open } from 'node:fs/promises';

/** A row as kept: its cells in column order, then the timestamp and the id it is sorted by. */
export type Row = (string | null)[];

/** Orders rows whose last two members are their timestamp and id. */
export type RowOrder = (a: Row, b: Row) => number;

/** Bytes read from a run file at a time. */
const READ_BYTES = 64 * 1024;

/**
 * Characters of rows gathered before each write: large enough to keep the writes few, small enough that
 * each stretch of work between two writes is short (about a millisecond), so that answers arriving while
 * a run is written are taken in between.
 */
const WRITE_CHARS = 256 * 1024;

/** Runs merged at once; more are first merged in groups of this many (each open run holds a read buffer). */
export const MAX_MERGE_WIDTH = 64;

/**
 * Writes sorted rows to a new file at `path` as a run, one JSON array a line (JSON escapes every line
 * break inside a cell, so a line is a row). Asynchronous, a chunk at a time: a run of a few MiB takes
 * tens of milliseconds to write, which would otherwise hold up the list walks' answers meanwhile.
 */
export async function writeRun(path: string, rows: readonly Row[] | AsyncIterable<Row>): Promise<void> {
  const file = await open(path, 'wx', 0o600);
  try {
    let text = '';
    /** Adds a row's line; returns the text gathered once it is enough to write. */
    const gather = (row: Row): string | undefined => {
      text += `${JSON.stringify(row)}\n`;
      if (text.length < WRITE_CHARS) return undefined;
      const full = text;
      text = '';
      return full;
    };
    // Rows in memory are looped over plainly: `for await` would wait a microtask for each of them.
    if (Array.isArray(rows)) {
      for (const row of rows as readonly Row[]) {
        const full = gather(row);
        if (full !== undefined) await file.write(full);
      }
    } else {
      for await (const row of rows as AsyncIterable<Row>) {
        const full = gather(row);
        if (full !== undefined) await file.write(full);
      }
    }
    if (text.length > 0) await file.write(text);
  } finally {
    await file.close();
  }
}

/** Where a merge reads rows from: `current` is its next row, until `advance` says it has no more. */
interface Cursor {
  current: Row;
  /** Moves to the next row: true if there is one now, false if the run has ended, a promise if it must read first. */
  advance(): boolean | Promise<boolean>;
  close(): Promise<void>;
}

/** A cursor over rows already in memory, sorted. */
function arrayCursor(rows: readonly Row[]): Cursor | undefined {
  if (rows.length === 0) return undefined;
  let index = 0;
  const cursor: Cursor = {
    current: rows[0]!,
    advance() {
      index += 1;
      if (index >= rows.length) return false;
      cursor.current = rows[index]!;
      return true;
    },
    close: async () => undefined,
  };
  return cursor;
}

/** A cursor over a run file, reading it a chunk at a time. */
class FileCursor implements Cursor {
  current: Row = [];
  readonly #file: FileHandle;
  readonly #chunk = Buffer.allocUnsafe(READ_BYTES);
  /** The end of the last chunk that was not a whole line yet. */
  #rest: Buffer = Buffer.alloc(0);
  #rows: Row[] = [];
  #index = 0;
  #ended = false;

  private constructor(file: FileHandle) {
    this.#file = file;
  }

  /** Opens a run and reads its first row; `undefined` for an empty run. */
  static async open(path: string): Promise<FileCursor | undefined> {
    const cursor = new FileCursor(await open(path, 'r'));
    if (await cursor.#read()) return cursor;
    await cursor.close();
    return undefined;
  }

  advance(): boolean | Promise<boolean> {
    this.#index += 1;
    if (this.#index < this.#rows.length) {
      this.current = this.#rows[this.#index]!;
      return true;
    }
    return this.#read();
  }

  /** Reads chunks until at least one whole row is in, and makes the first of them current. */
  async #read(): Promise<boolean> {
    this.#rows = [];
    this.#index = 0;
    while (this.#rows.length === 0 && !this.#ended) {
      const { bytesRead } = await this.#file.read(this.#chunk, 0, READ_BYTES, null);
      if (bytesRead === 0) {
        this.#ended = true;
        if (this.#rest.length > 0) throw new Error('A sorted run ends inside a row');
        break;
      }
      const text = Buffer.concat([this.#rest, this.#chunk.subarray(0, bytesRead)]);
      const last = text.lastIndexOf(0x0a);
      this.#rest = Buffer.from(text.subarray(last + 1));
      if (last === -1) continue;
      // Line by line: one character outside ASCII makes V8 decode and parse all the text it is in as
      // two-byte text, at about half the speed.
      for (let start = 0; start <= last; ) {
        const end = text.indexOf(0x0a, start);
        this.#rows.push(JSON.parse(text.toString('utf8', start, end)) as Row);
        start = end + 1;
      }
    }
    if (this.#rows.length === 0) return false;
    this.current = this.#rows[0]!;
    return true;
  }

  async close(): Promise<void> {
    await this.#file.close();
  }
}

/**
 * The cursors as a binary min-heap by their current rows: `heap[0]` has the next row of the merge.
 * Written here rather than taken from a library (mnemonist's heap is 15 KB of a Lambda bundle that must
 * stay under 1 MB): the merge needs only these two operations.
 */
class CursorHeap {
  readonly #items: Cursor[] = [];

  constructor(readonly order: RowOrder) {}

  get top(): Cursor | undefined {
    return this.#items[0];
  }

  push(cursor: Cursor): void {
    const items = this.#items;
    items.push(cursor);
    for (let child = items.length - 1; child > 0; ) {
      const parent = (child - 1) >> 1;
      if (this.order(items[parent]!.current, items[child]!.current) <= 0) break;
      [items[parent], items[child]] = [items[child]!, items[parent]!];
      child = parent;
    }
  }

  /** Moves the top down to where its new current row belongs, or takes it out when its run has `ended`. */
  settleTop(ended: boolean): void {
    const items = this.#items;
    if (ended) {
      const last = items.pop()!;
      if (items.length === 0) return;
      items[0] = last;
    }
    for (let parent = 0; ; ) {
      const left = 2 * parent + 1;
      if (left >= items.length) return;
      const right = left + 1;
      const child =
        right < items.length && this.order(items[right]!.current, items[left]!.current) < 0 ? right : left;
      if (this.order(items[parent]!.current, items[child]!.current) <= 0) return;
      [items[parent], items[child]] = [items[child]!, items[parent]!];
      parent = child;
    }
  }
}

/**
 * Every row of the sorted runs (files) and of `memory` (sorted), in one order: a k-way merge over a heap
 * of the runs' next rows, reading each run a chunk at a time, so memory holds a chunk per run.
 */
export async function* mergeRuns(files: readonly string[], memory: readonly Row[], order: RowOrder) {
  const heap = new CursorHeap(order);
  const cursors: Cursor[] = [];
  try {
    const memoryCursor = arrayCursor(memory);
    if (memoryCursor) cursors.push(memoryCursor);
    for (const path of files) {
      const cursor = await FileCursor.open(path);
      if (cursor) cursors.push(cursor);
    }
    for (const cursor of cursors) heap.push(cursor);
    for (let top = heap.top; top !== undefined; top = heap.top) {
      yield top.current;
      const moved = top.advance();
      heap.settleTop(!(moved === true || (moved !== false && (await moved))));
    }
  } finally {
    await Promise.all(cursors.map((cursor) => cursor.close()));
  }
}
