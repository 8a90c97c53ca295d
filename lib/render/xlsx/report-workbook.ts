import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { ReportSummary, RowTable } from '../../report';
import { loadWorkbookWriter } from './exceljs-stream';
import { addListSheet, listSheetStyles } from './list-sheet';
import { addSummarySheet } from './summary-sheet';

/** `report.xlsx` being written: its list sheets one after the other (each finished before the next), then `commit`. */
export type ReportWorkbook = Awaited<ReturnType<typeof openReportWorkbook>>;

/** Starts `report.xlsx` with exceljs's streaming writer, loaded on first use (it is large): sheets go to disk as written. */
export async function openReportWorkbook(path: string) {
  const WorkbookWriter = await loadWorkbookWriter();
  const file = createWriteStream(path, { flags: 'wx', flush: true });
  const closed = once(file, 'close');
  // An error before `commit` is seen there: exceljs listens for it only once it finalizes the zip.
  closed.catch(() => undefined);
  const workbook = new WorkbookWriter({
    stream: file,
    useStyles: true,
    useSharedStrings: false,
    // zlib's fastest level takes a third of the default's time for a file about a fifth larger.
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'invoice-reports';
  const styles = listSheetStyles(workbook);
  return {
    listSheet: (name: string, table: RowTable) => addListSheet(workbook, name, table, styles),
    /** Writes the `Summary` sheet (listed first, written last) and the rest, and closes the file. */
    async commit(summary: ReportSummary) {
      workbook.created = new Date(summary.generatedAt);
      addSummarySheet(workbook, summary);
      await workbook.commit();
      await closed;
    },
    /** Closes the file after a failure (the caller removes it). */
    abort() {
      file.destroy();
    },
  };
}
