import { type FileHandle, open } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import { partitionPoint } from '../collections';

/** Cells in column order, then the timestamp and the id it is sorted by. */
export type Row = (string | null)[];

type RowOrder = (a: Row, b: Row) => number;

/** Rows serialized together as one frame: each open run holds one frame's rows when read. */
const ROWS_PER_FRAME = 256;

const FRAME_HEAD_BYTES = 4;

/** Few writes, each stretch between two short (well under a millisecond) so answers are taken in between. */
const WRITE_BYTES = 256 * 1024;

/** Runs merged at once; more are first merged in groups of this many. */
export const MAX_MERGE_WIDTH = 64;

// Measured: 12,000 paid invoices' rows written in 7 ms and read back in 7 where lines of JSON take 32 and 25.
/**
 * Writes sorted rows as frames of `ROWS_PER_FRAME` in V8's serialization, each after its length (4 bytes LE);
 * asynchronous, so a run of a few MiB does not hold up the list walks. The process's own files only.
 */
export async function writeRun(path: string, rows: readonly Row[] | AsyncIterable<Row>): Promise<void> {
  const file = await open(path, 'wx', 0o600);
  try {
    let frame: Row[] = [];
    let frames: Buffer[] = [];
    let bytes = 0;
    const endFrame = () => {
      const body = serialize(frame);
      const head = Buffer.allocUnsafe(FRAME_HEAD_BYTES);
      head.writeUInt32LE(body.length, 0);
      frames.push(head, body);
      bytes += head.length + body.length;
      frame = [];
    };
    const gather = (row: Row): Buffer[] | undefined => {
      frame.push(row);
      if (frame.length < ROWS_PER_FRAME) return undefined;
      endFrame();
      if (bytes < WRITE_BYTES) return undefined;
      const full = frames;
      frames = [];
      bytes = 0;
      return full;
    };
    // Rows in memory are looped over plainly: `for await` would wait a microtask for each of them.
    if (Array.isArray(rows)) {
      for (const row of rows as readonly Row[]) {
        const full = gather(row);
        if (full !== undefined) await file.writev(full);
      }
    } else {
      for await (const row of rows as AsyncIterable<Row>) {
        const full = gather(row);
        if (full !== undefined) await file.writev(full);
      }
    }
    if (frame.length > 0) endFrame();
    if (frames.length > 0) await file.writev(frames);
  } finally {
    await file.close();
  }
}

/** Rows of a run, a frame at a time: `current` is the next, until `advance` says there is none. */
class Cursor {
  current: Row;
  #index = 0;

  constructor(
    private rows: readonly Row[],
    private readonly nextFrame: () => Promise<Row[] | undefined> = async () => undefined,
  ) {
    this.current = rows[0]!;
  }

  /** A promise when it must read first. */
  advance(): boolean | Promise<boolean> {
    this.#index += 1;
    if (this.#index < this.rows.length) {
      this.current = this.rows[this.#index]!;
      return true;
    }
    return this.nextFrame().then((rows) => {
      if (rows === undefined || rows.length === 0) return false;
      this.rows = rows;
      this.#index = 0;
      this.current = rows[0]!;
      return true;
    });
  }
}

/** Reads a run's frames one after the other; `undefined` at its end. */
function frameReader(file: FileHandle): () => Promise<Row[] | undefined> {
  const head = Buffer.allocUnsafe(FRAME_HEAD_BYTES);
  /** Reused: a new buffer per frame is garbage outside the heap, freed late. */
  let frame = Buffer.allocUnsafe(0);
  /** False at the file's end before any byte, an error within it. */
  const fill = async (buffer: Buffer): Promise<boolean> => {
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await file.read(buffer, filled, buffer.length - filled, null);
      if (bytesRead === 0) {
        if (filled === 0) return false;
        throw new Error('A sorted run ends inside a row');
      }
      filled += bytesRead;
    }
    return true;
  };
  return async () => {
    if (!(await fill(head))) return undefined;
    const length = head.readUInt32LE(0);
    if (frame.length < length) frame = Buffer.allocUnsafe(Math.max(length, 2 * frame.length));
    const body = frame.subarray(0, length);
    if (!(await fill(body))) throw new Error('A sorted run ends inside a row');
    return deserialize(body) as Row[];
  };
}

/** A k-way merge of the sorted runs and of `memory` (sorted); memory holds a frame per run. */
export async function* mergeRuns(paths: readonly string[], memory: readonly Row[], order: RowOrder) {
  // By current row, the next first: with at most `MAX_MERGE_WIDTH` runs an insertion does what a heap would.
  const cursors: Cursor[] = [];
  const insert = (cursor: Cursor) =>
    cursors.splice(
      partitionPoint(cursors.length, (index) => order(cursors[index]!.current, cursor.current) <= 0),
      0,
      cursor,
    );
  const files: FileHandle[] = [];
  try {
    if (memory.length > 0) insert(new Cursor(memory));
    for (const path of paths) {
      const file = await open(path, 'r');
      files.push(file);
      const read = frameReader(file);
      const first = await read();
      if (first !== undefined && first.length > 0) insert(new Cursor(first, read));
    }
    while (cursors.length > 0) {
      const top = cursors[0]!;
      yield top.current;
      const moved = top.advance();
      const more = moved === true || (moved !== false && (await moved));
      if (more && (cursors.length === 1 || order(top.current, cursors[1]!.current) <= 0)) continue;
      cursors.shift();
      if (more) insert(top);
    }
  } finally {
    await Promise.all(files.map((file) => file.close()));
  }
}
