import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { column } from '../../../../lib/report/rows/report-column';
import { createRowTableBuilder, type RowTableOptions } from '../../../../lib/report/rows/row-table';
import { MAX_MERGE_WIDTH } from '../../../../lib/report/rows/sorted-runs';

interface Entry {
  id: string;
  at: string;
  note: string | null;
}

const builder = (options: RowTableOptions) =>
  createRowTableBuilder<Entry>(
    {
      columns: [
        column('id', 'identifier', (entry) => entry.id),
        column('note', 'text', (entry) => entry.note),
      ],
      id: (entry) => entry.id,
      timestamp: (entry) => entry.at,
    },
    options,
  );

/** The i-th of n entries: times repeat every 7 entries, so that ties are broken by id. */
function entry(i: number): Entry {
  return {
    id: `id-${String(i).padStart(6, '0')}`,
    at: `2026-09-0${1 + (i % 7)} 10:00:00`,
    note: i % 5 === 0 ? null : `note ${i}\nwith "quotes", and 🚀`,
  };
}

/** The order the rows must come in: by time, then by id. */
const expectedOrder = (entries: Entry[]) =>
  [...entries].sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1));

async function cellsOf(rows: AsyncIterable<readonly (string | null)[]>): Promise<(string | null)[][]> {
  const all: (string | null)[][] = [];
  for await (const cells of rows) all.push([cells[0]!, cells[1] ?? null]);
  return all;
}

let spillDir: string;
beforeEach(async () => {
  spillDir = await mkdtemp(join(tmpdir(), 'row-table-'));
});
afterEach(async () => {
  await rm(spillDir, { recursive: true, force: true });
});

describe('createRowTableBuilder', () => {
  it('keeps a small table in memory and writes nothing to disk', async () => {
    const table = builder({ spillDir });
    for (const n of [3, 1, 2]) table.add(entry(n));
    const built = table.build();
    expect(await cellsOf(built.rows())).toEqual(
      expectedOrder([1, 2, 3].map(entry)).map((e) => [e.id, e.note]),
    );
    expect(await readdir(spillDir)).toEqual([]);
  });

  it('sorts rows that outgrow memory onto disk and merges them back in order, every time it is read', async () => {
    const table = builder({ spillDir, runBytes: 2_000 });
    const entries = Array.from({ length: 3_000 }, (_, i) => entry((i * 7919) % 3_000));
    for (const item of entries) table.add(item);
    await table.written();
    const [folder] = await readdir(spillDir);
    expect(folder).toMatch(/^\.report-rows-/);
    expect((await readdir(join(spillDir, folder!))).length).toBeGreaterThan(MAX_MERGE_WIDTH);

    const built = table.build();
    const expected = expectedOrder(entries).map((e) => [e.id, e.note]);
    expect(built.rowCount).toBe(3_000);
    expect(await cellsOf(built.rows())).toEqual(expected);
    expect(await cellsOf(built.rows())).toEqual(expected);

    await built.dispose();
    expect(await readdir(spillDir)).toEqual([]);
  });

  it('asks the caller to wait while more than one run waits for the disk, until they are written', async () => {
    const table = builder({ spillDir, runBytes: 2_000 });
    expect(table.backlog()).toBeUndefined();
    // Added without a pause, nothing reaches the disk: the first run is being written, the second waits.
    let added = 0;
    let backlog: Promise<void> | undefined;
    while (backlog === undefined && added < 500) {
      table.add(entry(added++));
      backlog = table.backlog();
    }
    expect(backlog).toBeInstanceOf(Promise);
    await backlog;
    expect(table.backlog()).toBeUndefined();
    expect((await readdir(join(spillDir, (await readdir(spillDir))[0]!))).length).toBe(2);
  });

  it('reads back runs of many rows each, beside the rows still in memory', async () => {
    // About 100 KB a run: some 1,100 rows of about 90 bytes each, 700 left in memory at the end.
    const table = builder({ spillDir, runBytes: 100_000 });
    const entries = Array.from({ length: 3_001 }, (_, i) => entry((i * 7919) % 3_001));
    for (const item of entries) table.add(item);
    await table.written();
    const runs = await readdir(join(spillDir, (await readdir(spillDir))[0]!));
    expect(runs).toEqual(['run-0', 'run-1']);

    const built = table.build();
    expect(await cellsOf(built.rows())).toEqual(expectedOrder(entries).map((e) => [e.id, e.note]));
  });

  it('brings back every character of every cell from disk, a cell of 300,000 characters included', async () => {
    const table = builder({ spillDir, runBytes: 2_000 });
    // 300,000 characters, more than a frame of rows usually holds, in one cell; a lone surrogate, an emoji
    // and a line break, as a service's JSON may carry them.
    const long = `${'x'.repeat(150_000)}\uD800 🚀\r\n${'é'.repeat(149_994)}`;
    const entries = Array.from({ length: 200 }, (_, i) => ({
      ...entry(i),
      note: i === 77 ? long : entry(i).note,
    }));
    for (const item of [...entries].reverse()) table.add(item);
    await table.written();
    expect((await readdir(join(spillDir, (await readdir(spillDir))[0]!))).length).toBeGreaterThan(1);

    const rows = await cellsOf(table.build().rows());
    expect(rows).toEqual(expectedOrder(entries).map((e) => [e.id, e.note]));
    expect(rows.find(([id]) => id === entry(77).id)?.[1]).toHaveLength(300_000);
  });

  it('fails rather than lose rows when a run on disk was cut short', async () => {
    const table = builder({ spillDir, runBytes: 2_000 });
    for (let i = 0; i < 500; i++) table.add(entry(i));
    await table.written();
    const folder = join(spillDir, (await readdir(spillDir))[0]!);
    const run = join(folder, 'run-0');
    await truncate(run, (await stat(run)).size - 10);

    await expect(cellsOf(table.build().rows())).rejects.toThrow('A sorted run ends inside a row');
  });

  it('writes a run a chunk at a time, taking other work in between, and reads it back whole', async () => {
    // About 1,600 rows of 1.2 KB in the first run, 2 MB: several of the chunks a run is written in.
    const table = builder({ spillDir, runBytes: 2_000_000 });
    const entries = Array.from({ length: 2_000 }, (_, i) => ({
      ...entry(i),
      note: `${i} ${'n'.repeat(1_200)}`,
    }));
    for (const item of entries) table.add(item);
    const run = join(spillDir, (await readdir(spillDir))[0]!, 'run-0');
    // Each chunk's write is seen done in a turn of the event loop of its own, so the run cannot be
    // whole by the first turn's end, when this runs: unless the run was written at once, holding it up.
    // Measured synchronously: an asynchronous look would take turns of its own, in which a machine under
    // load could let the writer finish.
    const bytesAtFirstTurn = await new Promise<number>((resolve) =>
      setImmediate(() => resolve(existsSync(run) ? statSync(run).size : 0)),
    );
    await table.written();
    const runBytes = (await stat(run)).size;

    // 1,600 rows of 1.2 KB each.
    expect(runBytes).toBeGreaterThan(1_900_000);
    expect(bytesAtFirstTurn).toBeLessThan(runBytes);
    expect(await cellsOf(table.build().rows())).toEqual(expectedOrder(entries).map((e) => [e.id, e.note]));
  });

  it('fails the next row and the reading when a run could not be written, rather than lose its rows', async () => {
    const table = builder({ spillDir, runBytes: 2_000 });
    for (let i = 0; i < 30; i++) table.add(entry(i));
    // The run is written after the record that filled memory was taken: its folder is gone by then.
    rmSync(join(spillDir, readdirSync(spillDir)[0]!), { recursive: true });

    await expect(table.written()).rejects.toThrow('ENOENT');
    expect(() => table.add(entry(1_000))).toThrow('ENOENT');
    await expect(cellsOf(table.build().rows())).rejects.toThrow('ENOENT');
  });

  it('keeps the first record of an id and drops later ones, spilled or not', async () => {
    const table = builder({ spillDir, runBytes: 200 });
    for (let i = 0; i < 50; i++) table.add(entry(i));
    table.add({ ...entry(3), note: 'second copy' });
    const rows = await cellsOf(table.build().rows());
    expect(rows).toHaveLength(50);
    expect(rows.find(([id]) => id === entry(3).id)?.[1]).toBe(entry(3).note);
  });

  it('removes what it wrote when the report is given up before it is built', async () => {
    const table = builder({ spillDir, runBytes: 200 });
    for (let i = 0; i < 50; i++) table.add(entry(i));
    expect(await readdir(spillDir)).toHaveLength(1);
    await table.dispose();
    expect(await readdir(spillDir)).toEqual([]);
  });

  it('makes the folder it spills into when it does not exist yet', async () => {
    const nested = join(spillDir, 'not', 'yet');
    const table = builder({ spillDir: nested, runBytes: 200 });
    for (let i = 0; i < 20; i++) table.add(entry(i));
    expect(await readdir(nested)).toHaveLength(1);
    await table.dispose();
  });
});
