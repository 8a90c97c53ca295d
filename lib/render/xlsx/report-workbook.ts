import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { ReportSummary, RowTable } from '../../report';
import { loadWorkbookWriter } from './exceljs-stream';
import { addListSheet, type ListSheet, listSheetStyles } from './list-sheet';
import { addSummarySheet } from './summary-sheet';

/** zlib's fastest level. */
const ZIP_LEVEL = 1;

/** `report.xlsx` being written: its list sheets one after the other, then `commit`. */
export interface ReportWorkbook {
  /** Adds the next list sheet; write all its rows and `finish` it before the next. */
  listSheet(name: string, table: RowTable): ListSheet;
  /** Writes the `Summary` sheet (the first, written last) and the workbook's other parts, and closes the file. */
  commit(summary: ReportSummary): Promise<void>;
  /** Stops writing and closes the file, after a failure (the caller removes it). */
  abort(): void;
}

/**
 * Starts `report.xlsx` at `path` (which must not exist) with exceljs's streaming writer, so that a sheet
 * of any length goes to disk as it is written. Its first sheet, `Summary`, is written by `commit`: the
 * list sheets can be written before the figures are known. exceljs is loaded here, on first use: it is
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
    // The sheets' XML is about 1.2 KB a row: the fastest compression takes a third of the default
    // level's time for a file about a fifth larger.
    zip: { zlib: { level: ZIP_LEVEL } },
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
