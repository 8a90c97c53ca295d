import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ReportFileName } from '../delivery';
import type { InvoicingClient } from '../invoicing';
import { isPeriodId } from '../period';
import {
  buildReport,
  disposeReport,
  type Report,
  type ReportRequest,
  type ReportRows,
  type RowTable,
  summaryToJson,
  unmatchedPaymentRows,
} from '../report';
import { csvHeader, csvLine } from './csv';
import { renderReportPage } from './html';
import { type ListSheet, openReportWorkbook } from './xlsx';

/**
 * Fetches a period and writes its folder, all files or none, each table as soon as its list is read; rows
 * that outgrow memory spill into `outDir`. The report returned keeps its figures; its row tables are spent.
 */
export async function generateReportFolder(
  client: InvoicingClient,
  request: ReportRequest,
  // `outDir` holds `<period>/` (`2026-09`, `2026-Q3`, `2026`).
  options: Pick<Parameters<typeof buildReport>[2], 'apiUrl' | 'now' | 'onProgress'> & { outDir: string },
): Promise<{ report: Report; folder: string }> {
  const { outDir, ...built } = options;
  let opening: ReturnType<typeof openReportFolder> | undefined;
  const openFolder = (periodId: string) => (opening ??= openReportFolder(outDir, periodId));
  const report = await buildReport(client, request, {
    ...built,
    spill: { spillDir: outDir },
    onRowsComplete: (name, table, period) => {
      // A folder that fails to open fails the report below, when it is opened again.
      openFolder(period.id).then(
        (folder) => folder.writeTable(name, table),
        () => undefined,
      );
    },
  }).catch(async (error: unknown) => {
    // The tables being written read rows that are gone now: stop them and remove what they wrote.
    await opening?.then((folder) => folder.abort()).catch(() => undefined);
    throw error;
  });
  try {
    const folder = await (await openFolder(report.summary.period.id)).finish(report);
    return { report, folder };
  } finally {
    await disposeReport(report);
  }
}

/** A report folder's tables, each a CSV file and a sheet; the unmatched payments' are made once the report is. */
type ReportTableName = keyof ReportRows | 'unmatched';

/** Each table's files, in the order they are written (the workbook's sheets must come one by one). */
const TABLE_FILES: readonly (readonly [ReportTableName, ReportFileName, string])[] = [
  ['paidInvoices', 'paid-invoices.csv', 'Paid invoices'],
  ['payments', 'payments.csv', 'Payments'],
  ['unmatched', 'unmatched-payments.csv', 'Unmatched payments'],
];

/**
 * A hidden folder in `outDir` for period `id`'s report, its tables written as their rows complete (in
 * `TABLE_FILES` order), then renamed into place by `finish` (an older one renamed aside first): a reader sees
 * the old report or the new one, never a mix; `abort` removes what was written.
 */
export async function openReportFolder(outDir: string, id: string) {
  // The id becomes a path segment: anything but a period id (say `../x`) must not reach the file system.
  if (!isPeriodId(id)) {
    throw new Error(
      `Cannot write a report folder for period ${JSON.stringify(id)}: expected YYYY-MM, YYYY-Qn or YYYY`,
    );
  }
  await mkdir(outDir, { recursive: true });
  await settleInterruptedSwaps(outDir, id);
  // Not mkdtemp: it creates the folder with mode 0700, which the renamed report would keep.
  const staging = join(outDir, `.${id}.partial-${randomUUID()}`);
  await mkdir(staging);
  const file = (name: ReportFileName) => join(staging, name);
  const workbook = await openReportWorkbook(file('report.xlsx')).catch(async (error: unknown) => {
    await remove(staging);
    throw error;
  });

  const tables = new Map<ReportTableName, RowTable>();
  const written: Promise<void>[] = [];
  let last: Promise<void> = Promise.resolve();
  // Aborted with the first error once a table fails or the report is given up: nothing more is written.
  const stop = new AbortController();
  const abort = async () => {
    if (!stop.signal.aborted) stop.abort(new Error('The report folder was given up'));
    await Promise.allSettled(written);
    workbook.abort();
    await remove(staging);
  };
  const writeTable = (name: ReportTableName, table: RowTable) => {
    if (tables.has(name)) return;
    tables.set(name, table);
    // Starts every table whose rows are in, in order, as far as the first one not in yet.
    for (let next = written.length; next < TABLE_FILES.length; next++) {
      const [tableName, csvName, sheetName] = TABLE_FILES[next]!;
      const ready = tables.get(tableName);
      if (ready === undefined) return;
      last = last.then(() => {
        stop.signal.throwIfAborted();
        return writeCsvAndSheet(ready, file(csvName), workbook.listSheet(sheetName, ready), stop.signal);
      });
      // Seen by `finish` or `abort`: a table that fails must not be an unhandled rejection meanwhile.
      last.catch((error: unknown) => {
        if (!stop.signal.aborted) stop.abort(error);
      });
      written.push(last);
    }
  };

  return {
    writeTable,
    async finish(report: Report): Promise<string> {
      try {
        writeTable('paidInvoices', report.paidInvoiceRows);
        writeTable('payments', report.paymentRows);
        const unmatched = unmatchedPaymentRows(report.unmatched);
        writeTable('unmatched', unmatched);
        const html = renderReportPage(report);
        await Promise.all(written).finally(() => unmatched.dispose());
        await writeFile(file('report.html'), html, { flush: true });
        await workbook.commit(report.summary);
        await writeFile(file('summary.json'), summaryToJson(report.summary), { flush: true });
        const target = join(outDir, id);
        await moveIntoPlace(staging, target, join(outDir, `${replacedPrefix(id)}${randomUUID()}`));
        return target;
      } catch (error) {
        await abort();
        throw error;
      }
    },
    abort,
  };
}

/** The start of the name of an older report of period `id` moved aside while a new one takes its place. */
const replacedPrefix = (id: string) => `.${id}.replaced-`;

// Settles what a run killed during `moveIntoPlace` left of period `id`'s older report: moved aside with
// nothing in its place, it is put back; with the new one in place, removed.
async function settleInterruptedSwaps(outDir: string, id: string): Promise<void> {
  const prefix = replacedPrefix(id);
  const asides = (await readdir(outDir)).filter((name) => name.startsWith(prefix));
  if (asides.length === 0) return;
  const target = join(outDir, id);
  const present = await stat(target).then(
    () => true,
    (error: unknown) => {
      if (isErrorCode(error, 'ENOENT')) return false;
      throw error;
    },
  );
  let kept: string | undefined;
  if (!present) {
    // Of several (runs ended one after another), the one moved aside last was the report in place.
    const byAge = await Promise.all(
      asides.map(async (name) => ({ name, changed: (await stat(join(outDir, name))).ctimeMs })),
    );
    kept = byAge.sort((a, b) => b.changed - a.changed)[0]?.name;
    if (kept !== undefined) await rename(join(outDir, kept), target);
  }
  await Promise.all(asides.filter((name) => name !== kept).map((name) => remove(join(outDir, name))));
}

/** Renames `staging` to `target`, an older report moved `aside` first (Node cannot swap two folders). */
async function moveIntoPlace(staging: string, target: string, aside: string): Promise<void> {
  try {
    await rename(staging, target);
    return;
  } catch (error) {
    // Linux says ENOTEMPTY for a non-empty target folder; some systems say EEXIST.
    if (!isErrorCode(error, 'ENOTEMPTY') && !isErrorCode(error, 'EEXIST')) throw error;
  }
  await rename(target, aside);
  try {
    await rename(staging, target);
  } catch (error) {
    await rename(aside, target);
    throw error;
  }
  // The new report is in place: failing to delete the old one must not report the write as failed.
  await remove(aside).catch(() => undefined);
}

const remove = (path: string) => rm(path, { recursive: true, force: true });

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/** CSV text collected before it is written: large enough to keep per-write overhead low. */
const CHUNK_CHARS = 64 * 1024;
// Rows written between two turns of the event loop (about 0.5 ms): the next list's answers wait for them.
// Giving way only at reads and writes made 50,000 paid invoices about 70 ms slower.
const ROWS_PER_TURN = 32;

/** Writes a table's CSV file and workbook sheet in one pass over its rows; `signal` stops it at its next write. */
export async function writeCsvAndSheet(
  table: RowTable,
  csvPath: string,
  sheet: ListSheet,
  signal?: AbortSignal,
): Promise<void> {
  const csv = createWriteStream(csvPath, { flags: 'wx', flush: true });
  try {
    let text = csvHeader(table.columns);
    let rowsThisTurn = 0;
    for await (const cells of table.rows()) {
      if (++rowsThisTurn === ROWS_PER_TURN) {
        rowsThisTurn = 0;
        await nextTurn();
      }
      text += csvLine(cells, table.columns);
      const sheetWait = sheet.add(cells);
      if (text.length >= CHUNK_CHARS) {
        signal?.throwIfAborted();
        const more = csv.write(text);
        text = '';
        if (!more) await once(csv, 'drain');
      }
      if (sheetWait) await sheetWait;
    }
    csv.end(text);
    await finished(csv);
    await sheet.finish();
  } catch (error) {
    csv.destroy();
    throw error;
  }
}
