import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isPeriodId } from '../period';
import type { ReportFileName } from '../report-files';
import { renderReportPage } from './html';
import type { Report, ReportSummary } from './model';
import { summaryToJson } from './summary-json';
import { writeCsvAndSheet } from './write-row-files';
import { openReportWorkbook, type ReportWorkbook } from './xlsx';

/** Turns a report into the text of its page and its summary. */
export interface ReportRenderers {
  /** The whole `report.html`. */
  html(report: Report): string;
  /** The whole `summary.json`. */
  summaryJson(summary: ReportSummary): string;
}

/** What a report is written with, unless a test passes renderers of its own. */
const PAGE_AND_SUMMARY: ReportRenderers = { html: renderReportPage, summaryJson: summaryToJson };

/**
 * Writes `outDir/<period>/` (`2026-09`, `2026-Q3`, `2026`) with exactly the report's files (`report.html`,
 * `report.xlsx`, `paid-invoices.csv`, `payments.csv`, `summary.json`) and returns that folder's path. The
 * two CSV files and the workbook's two list sheets are written in one pass over each table's rows.
 *
 * The files appear all together or not at all: they are written into a hidden folder next to the
 * target (same file system, so the rename is atomic), flushed to disk, then renamed into place. An
 * existing folder for the period is renamed aside first and removed after the new one is in, so a
 * reader sees the old report or the new one, never a mix. On any failure the hidden folder is
 * removed and an older report stays as it was.
 *
 * @example await writeReportFolder(report, './reports') // './reports/2026-09'
 */
export async function writeReportFolder(
  report: Report,
  outDir: string,
  render: ReportRenderers = PAGE_AND_SUMMARY,
): Promise<string> {
  const { id } = report.summary.period;
  // The id becomes a path segment: anything but a period id (say `../x`) must not reach the file system.
  if (!isPeriodId(id)) {
    throw new Error(
      `Cannot write a report folder for period ${JSON.stringify(id)}: expected YYYY-MM, YYYY-Qn or YYYY`,
    );
  }
  // Rendered before anything touches the disk: a renderer that throws leaves no trace.
  const html = render.html(report);
  const summaryJson = render.summaryJson(report.summary);

  await mkdir(outDir, { recursive: true });
  const target = join(outDir, id);
  // Not mkdtemp: it creates the folder with mode 0700, which the renamed report would keep.
  const staging = join(outDir, `.${id}.partial-${randomUUID()}`);
  await mkdir(staging);
  let workbook: ReportWorkbook | undefined;
  try {
    const file = (name: ReportFileName) => join(staging, name);
    await writeFile(file('report.html'), html, { flush: true });
    workbook = await openReportWorkbook(file('report.xlsx'), report.summary);
    const tables = [
      [report.paidInvoiceRows, 'paid-invoices.csv', 'Paid invoices'],
      [report.paymentRows, 'payments.csv', 'Payments'],
    ] as const;
    for (const [table, csvName, sheetName] of tables) {
      await writeCsvAndSheet(table, file(csvName), workbook.listSheet(sheetName, table));
    }
    await workbook.commit();
    await writeFile(file('summary.json'), summaryJson, { flush: true });
    await moveIntoPlace(staging, target, join(outDir, `.${id}.replaced-${randomUUID()}`));
  } catch (error) {
    workbook?.abort();
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return target;
}

/**
 * Renames `staging` to `target`. When `target` already holds a report, that one is renamed to `aside`
 * first (Node has no atomic exchange of two folders), put back if the second rename fails, and removed
 * once the new report is in place.
 */
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
  await rm(aside, { recursive: true, force: true }).catch(() => undefined);
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
