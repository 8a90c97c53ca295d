import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCsvAndSheet } from '../../../lib/render/generate-report-folder';
import type { ListSheet } from '../../../lib/render/xlsx';
import { createPaymentRows } from '../../../lib/report/rows';
import { payment, uuid } from '../report/support/records';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'row-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A sheet that counts the rows it is given. */
function countingSheet(): ListSheet & { rows: number } {
  return {
    rows: 0,
    add() {
      this.rows += 1;
      return undefined;
    },
    finish: async () => undefined,
  };
}

describe('writeCsvAndSheet', () => {
  it('stops at its next write once its signal is aborted, with the reason', async () => {
    const builder = createPaymentRows();
    // Enough rows for many writes of 64 KiB of CSV.
    for (let n = 0; n < 3000; n++) {
      builder.add(payment(`2026-10-01 10:${String(n % 60).padStart(2, '0')}:00`, { id: uuid('9f', n) }));
    }
    const table = builder.build();
    const stop = new AbortController();
    const sheet = countingSheet();
    const originalAdd = sheet.add.bind(sheet);
    sheet.add = (cells) => {
      if (sheet.rows === 100) stop.abort(new Error('report given up'));
      return originalAdd(cells);
    };

    await expect(writeCsvAndSheet(table, join(dir, 'payments.csv'), sheet, stop.signal)).rejects.toThrow(
      'report given up',
    );
    // It stopped at the first write after the 100th row, well before the 3,000th.
    expect(sheet.rows).toBeGreaterThan(100);
    expect(sheet.rows).toBeLessThan(3000);
    await table.dispose();
  });

  it('gives way to other work every few rows, even with every row in memory and no write to wait for', async () => {
    const builder = createPaymentRows();
    // About 400 bytes of CSV a row: 100 rows stay below the 64 KiB written at once.
    for (let n = 0; n < 100; n++) {
      builder.add(payment(`2026-10-01 10:${String(n % 60).padStart(2, '0')}:00`, { id: uuid('9e', n) }));
    }
    const table = builder.build();
    const sheet = countingSheet();
    // Runs at the end of the event loop's first turn: the writer must have given way by then.
    const rowsAtFirstTurn = new Promise<number>((resolve) => setImmediate(() => resolve(sheet.rows)));

    await writeCsvAndSheet(table, join(dir, 'payments.csv'), sheet);
    expect(sheet.rows).toBe(100);
    expect(await rowsAtFirstTurn).toBeLessThan(100);
  });
});
