import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Workbook, Worksheet } from 'exceljs';
import type { ColumnKind, ReportSummary, RowTable } from '../../report';
import { loadWorkbookWriter, registerStyle, writeSheetXml, zipBacklog } from './exceljs-stream';
import { columnLetters, createRowXml, type ListSheetCells, listSheetCells } from './sheet-row-xml';
import { addSummarySheet } from './summary-sheet';

/**
 * Starts `report.xlsx` with exceljs's streaming writer, loaded on first use (it is large): sheets go to disk as
 * written, the list sheets one after the other (each finished before the next), then `commit`.
 */
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
  const cells = listSheetCells((style, type) => registerStyle(workbook, style, type));
  return {
    listSheet: (name: string, table: RowTable) => addListSheet(workbook, name, table, cells),
    /** Writes the `Summary` sheet (listed first, written last) and the rest, and closes the file. */
    async commit(summary: ReportSummary) {
      workbook.created = new Date(summary.generatedAt);
      addSummarySheet(workbook, summary);
      await workbook.commit();
      await closed;
    },
    /** Closes the file after a failure (the caller removes it). */
    abort: () => file.destroy(),
  };
}

/** Column widths in characters by kind (a UUID is 36, a timestamp with its zone 23). */
const WIDTHS: Record<ColumnKind, number> = {
  identifier: 38,
  text: 20,
  longText: 48,
  datetime: 25,
  usd: 14,
  fiat: 14,
  crypto: 20,
  count: 9,
  flag: 9,
  percent: 12,
};

/** XML collected before it is handed to the sheet's stream. */
const BATCH_CHARS = 64 * 1024;
/** XML the zip may have waiting: with 4 MiB, 50,000 paid invoices held 30 MB more at peak, no faster. */
const MAX_ZIP_BACKLOG_BYTES = 256 * 1024;

/** Writes one list sheet's rows, in order, after its header. */
export type ListSheet = ReturnType<typeof addListSheet>;

/** Excel's last row: a sheet holds its header and 1,048,575 records below it. */
const SHEET_ROWS = 1_048_576;
const RECORDS_PER_SHEET = SHEET_ROWS - 1;

/** A table's sheet (frozen bold header, filters, widths by kind), going on over more when longer than a sheet. */
export function addListSheet(workbook: Workbook, name: string, table: RowTable, cells: ListSheetCells) {
  const { columns } = table;
  const widths = columns.map((column) =>
    Math.max(column.width ?? WIDTHS[column.kind], column.header.length + 3),
  );
  const rowXml = createRowXml(columns, cells, widths);
  /** `Payments`, `Payments (2)`, …: its header committed, its filter over the records it holds. */
  const start = (index: number): Worksheet => {
    const sheet = workbook.addWorksheet(index === 0 ? name : `${name} (${index + 1})`, {
      views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    });
    sheet.columns = columns.map((column, index) => ({ header: column.header, width: widths[index]! }));
    const records = Math.min(Math.max(table.rowCount - index * RECORDS_PER_SHEET, 0), RECORDS_PER_SHEET);
    sheet.autoFilter = `A1:${columnLetters(columns.length - 1)}${records + 1}`;
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.alignment = { vertical: 'top' };
    header.commit();
    return sheet;
  };
  let sheetIndex = 0;
  let worksheet = start(0);
  let rowNumber = 1;
  let xml = '';
  const flush = () => {
    if (xml.length > 0) writeSheetXml(worksheet, xml);
    xml = '';
  };
  return {
    /** Adds the next row; a promise when the caller must wait for the zip before the next. */
    add(cells: readonly (string | null)[]): Promise<void> | undefined {
      if (rowNumber === SHEET_ROWS) {
        flush();
        worksheet.commit();
        worksheet = start(++sheetIndex);
        rowNumber = 1;
      }
      rowNumber += 1;
      xml += rowXml(cells, rowNumber);
      if (xml.length < BATCH_CHARS) return undefined;
      flush();
      return zipBacklog(worksheet, MAX_ZIP_BACKLOG_BYTES);
    },
    async finish() {
      flush();
      worksheet.commit();
    },
  };
}
