import type { Style, Workbook, Worksheet } from 'exceljs';
import type { ColumnKind, RowTable } from '../../report';
import { registerStyle, writeSheetXml, zipBacklog } from './exceljs-stream';
import {
  BOOLEAN_FORMAT,
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

/** exceljs's `ValueType` numbers (importing exceljs for them would load it at start). */
const NUMBER = 2;
const STRING = 3;
const BOOLEAN = 9;

const TOP = { vertical: 'top' } as const;

/** The list sheets' style ids (`s`) by kind of cell; `digitsAsText` for a number a double cannot hold. */
export function listSheetStyles(workbook: Workbook) {
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
    decimals: (decimals: number) => style({ numFmt: decimalFormat(decimals) }, NUMBER),
  };
}

export type CellStyles = ReturnType<typeof listSheetStyles>;

/** Writes one list sheet's rows, in order, after its header. */
export type ListSheet = ReturnType<typeof addListSheet>;

/** Excel's last row: a sheet holds its header and 1,048,575 records below it. */
const SHEET_ROWS = 1_048_576;
const RECORDS_PER_SHEET = SHEET_ROWS - 1;

/** A table's sheet (frozen bold header, filters, widths by kind), going on over more when longer than a sheet. */
export function addListSheet(workbook: Workbook, name: string, table: RowTable, styles: CellStyles) {
  const { columns } = table;
  const widths = columns.map((column) =>
    Math.max(column.width ?? WIDTHS[column.kind], column.header.length + 3),
  );
  const rowXml = createRowXml(columns, styles, widths);
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
    header.alignment = TOP;
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
