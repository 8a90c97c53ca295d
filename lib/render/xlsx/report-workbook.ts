import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { ReportSummary, RowTable } from '../../report';
import { loadWorkbookWriter } from './exceljs-stream';
import { addListSheet, type ListSheet, listSheetStyles } from './list-sheet';
import { addSummarySheet } from './summary-sheet';

/** `report.xlsx` being written: its list sheets one after the other (each finished before the next), then `commit`. */
export interface ReportWorkbook {
  listSheet(name: string, table: RowTable): ListSheet;
  /** Writes the `Summary` sheet (listed first, written last) and the rest, and closes the file. */
  commit(summary: ReportSummary): Promise<void>;
  /** Closes the file after a failure (the caller removes it). */
  abort(): void;
}

/**
 * Starts `report.xlsx` at `path` (which must not exist) with exceljs's streaming writer: a sheet of any
 * length goes to disk as it is written, and the figures come last. exceljs is loaded on first use: it is
 * large, and a function that never writes a workbook should not load it when it starts.
 */
export async function openReportWorkbook(path: string): Promise<ReportWorkbook> {
  const WorkbookWriter = await loadWorkbookWriter();
  const file = createWriteStream(path, { flags: 'wx', flush: true });
  const closed = once(file, 'close');
  // An error before `commit` is seen there: exceljs listens for it only once it finalizes the zip.
  closed.catch(() => undefined);
  const workbook = new WorkbookWriter({
    stream: file,
    useStyles: true,
    useSharedStrings: false,
    // The sheets' XML is about 1.2 KB a row: zlib's fastest level takes a third of the default level's
    // time for a file about a fifth larger.
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'invoice-reports';
  const styles = listSheetStyles(workbook);
  return {
    listSheet: (name, table) => addListSheet(workbook, name, table, styles),
    async commit(summary) {
      workbook.created = new Date(summary.generatedAt);
      addSummarySheet(workbook, summary);
      await workbook.commit();
      await closed;
    },
    abort() {
      file.destroy();
    },
  };
}
