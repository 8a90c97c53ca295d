import type { Style, Workbook, Worksheet } from 'exceljs';
import type { ColumnKind, RowTable, TableColumn } from '../../report';
import { registerStyle, writeSheetXml, zipBacklog } from './exceljs-stream';
import {
  BOOLEAN_FORMAT,
  type CellStyles,
  COUNT_FORMAT,
  columnLetters,
  createRowXml,
  DATETIME_FORMAT,
  decimalFormat,
  TEXT_FORMAT,
  USD_FORMAT,
} from './sheet-row-xml';

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

/** exceljs's `ValueType` numbers (a type-only import of exceljs keeps it out of the loading path). */
const NUMBER = 2;
const STRING = 3;
const BOOLEAN = 9;

const TOP = { vertical: 'top' } as const;

/** Registers the list sheets' cell styles with the workbook (which gives the same style the same id). */
export function listSheetStyles(workbook: Workbook): CellStyles {
  const style = (model: Partial<Style>, type: number) =>
    registerStyle(workbook, { ...model, alignment: { ...TOP, ...model.alignment } }, type);
  return {
    text: style({ numFmt: TEXT_FORMAT }, STRING),
    flag: style({ numFmt: BOOLEAN_FORMAT, alignment: { ...TOP, horizontal: 'center' } }, BOOLEAN),
    wrappedText: style({ numFmt: TEXT_FORMAT, alignment: { ...TOP, wrapText: true } }, STRING),
    digitsAsText: style({ numFmt: TEXT_FORMAT, alignment: { ...TOP, horizontal: 'right' } }, STRING),
    date: style({ numFmt: DATETIME_FORMAT }, NUMBER),
    usd: style({ numFmt: USD_FORMAT }, NUMBER),
    count: style({ numFmt: COUNT_FORMAT }, NUMBER),
    decimals: (decimals) => style({ numFmt: decimalFormat(decimals) }, NUMBER),
  };
}

/** Writes one list sheet's rows, in order, after its header. */
export interface ListSheet {
  /** Adds the next row; a promise when the caller must wait for the zip before the next. */
  add(cells: readonly (string | null)[]): Promise<void> | undefined;
  finish(): Promise<void>;
}

/** Excel's last row: a sheet holds its header and 1,048,575 records below it. */
const SHEET_ROWS = 1_048_576;
const RECORDS_PER_SHEET = SHEET_ROWS - 1;

/** `Payments`, `Payments (2)`, … for the sheets (from 0) of a list longer than one. */
const listSheetName = (name: string, index: number) => (index === 0 ? name : `${name} (${index + 1})`);

/**
 * A sheet with a table's columns: a frozen bold header, a filter on every column, widths by kind, one row
 * per record, no totals row. A longer table goes on over sheets of its own, each with its header: Excel
 * offers to repair a workbook with a row past its last, and leaves out what it cannot read.
 */
export function addListSheet(
  workbook: Workbook,
  name: string,
  table: RowTable,
  styles: CellStyles,
): ListSheet {
  const { columns } = table;
  const widths = columns.map(widthOf);
  const rowXml = createRowXml(columns, styles, widths);
  let sheetIndex = 0;
  let worksheet = startSheet(workbook, listSheetName(name, 0), columns, widths, table.rowCount);
  let rowNumber = 1;
  let xml = '';
  const flush = () => {
    if (xml.length > 0) writeSheetXml(worksheet, xml);
    xml = '';
  };
  return {
    add(cells) {
      if (rowNumber === SHEET_ROWS) {
        flush();
        worksheet.commit();
        sheetIndex += 1;
        const records = table.rowCount - sheetIndex * RECORDS_PER_SHEET;
        worksheet = startSheet(workbook, listSheetName(name, sheetIndex), columns, widths, records);
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

/** Adds a list sheet with its header row committed and its filter over `records` rows (a sheet's at most). */
function startSheet(
  workbook: Workbook,
  name: string,
  columns: RowTable['columns'],
  widths: readonly number[],
  records: number,
): Worksheet {
  const worksheet: Worksheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  worksheet.columns = columns.map((column, index) => ({ header: column.header, width: widths[index]! }));
  const lastRow = Math.min(Math.max(records, 0), RECORDS_PER_SHEET) + 1;
  worksheet.autoFilter = `A1:${columnLetters(columns.length - 1)}${lastRow}`;
  const header = worksheet.getRow(1);
  header.font = { bold: true };
  header.alignment = TOP;
  header.commit();
  return worksheet;
}

function widthOf(column: TableColumn): number {
  return Math.max(column.width ?? WIDTHS[column.kind], column.header.length + 3);
}
