import type { Style, Workbook, Worksheet } from 'exceljs';
import type { ColumnKind, RowTable, TableColumn } from '../rows';
import { registerStyle, writeSheetXml, zipBacklog } from './exceljs-stream';
import {
  BOOLEAN_FORMAT,
  COUNT_FORMAT,
  DATETIME_FORMAT,
  decimalFormat,
  TEXT_FORMAT,
  USD_FORMAT,
} from './number-formats';
import { type CellStyles, columnLetters, createRowXml } from './sheet-row-xml';

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
};

/** XML collected before it is handed to the sheet's stream. */
const BATCH_CHARS = 64 * 1024;
/**
 * XML the zip may have waiting before the writer waits for it. A few batches: with 4 MiB, a month of
 * 50,000 paid invoices held 30 MB more of buffers while its sheets were written (the process's peak),
 * and the zip was no faster for it.
 */
const MAX_ZIP_BACKLOG_BYTES = 256 * 1024;

/** exceljs's `ValueType` numbers (a type-only import of exceljs keeps it out of the loading path). */
const NUMBER = 2;
const STRING = 3;
const BOOLEAN = 9;

const TOP = { vertical: 'top' } as const;

/** Registers the list sheets' cell styles with the workbook once. */
export function listSheetStyles(workbook: Workbook): CellStyles {
  const style = (model: Partial<Style>, type: number) =>
    registerStyle(workbook, { ...model, alignment: { ...TOP, ...model.alignment } }, type);
  const byDecimals = new Map<number, number>();
  return {
    text: style({ numFmt: TEXT_FORMAT }, STRING),
    flag: style({ numFmt: BOOLEAN_FORMAT, alignment: { ...TOP, horizontal: 'center' } }, BOOLEAN),
    wrappedText: style({ numFmt: TEXT_FORMAT, alignment: { ...TOP, wrapText: true } }, STRING),
    digitsAsText: style({ numFmt: TEXT_FORMAT, alignment: { ...TOP, horizontal: 'right' } }, STRING),
    date: style({ numFmt: DATETIME_FORMAT }, NUMBER),
    usd: style({ numFmt: USD_FORMAT }, NUMBER),
    count: style({ numFmt: COUNT_FORMAT }, NUMBER),
    decimals(decimals) {
      let id = byDecimals.get(decimals);
      if (id === undefined) {
        id = style({ numFmt: decimalFormat(decimals) }, NUMBER);
        byDecimals.set(decimals, id);
      }
      return id;
    },
  };
}

/** Writes one list sheet's rows, in order, after its header. */
export interface ListSheet {
  /** Adds the next row; a promise when the caller must wait for the zip before the next. */
  add(cells: readonly (string | null)[]): Promise<void> | undefined;
  /** Writes what is left and closes the sheet. */
  finish(): Promise<void>;
}

/**
 * A sheet with a table's columns in the same order: a bold header row that stays in view (frozen), a
 * filter on every column, widths by kind, then one row per record, no totals row.
 */
export function addListSheet(
  workbook: Workbook,
  name: string,
  table: RowTable,
  styles: CellStyles,
): ListSheet {
  const { columns } = table;
  const worksheet: Worksheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  const widths = columns.map(widthOf);
  worksheet.columns = columns.map((column, index) => ({ header: column.header, width: widths[index]! }));
  worksheet.autoFilter = `A1:${columnLetters(columns.length - 1)}${table.rowCount + 1}`;
  const header = worksheet.getRow(1);
  header.font = { bold: true };
  header.alignment = TOP;
  header.commit();

  const rowXml = createRowXml(columns, styles, widths);
  let rowNumber = 1;
  let xml = '';
  return {
    add(cells) {
      rowNumber += 1;
      xml += rowXml(cells, rowNumber);
      if (xml.length < BATCH_CHARS) return undefined;
      writeSheetXml(worksheet, xml);
      xml = '';
      return zipBacklog(worksheet, MAX_ZIP_BACKLOG_BYTES);
    },
    async finish() {
      if (xml.length > 0) writeSheetXml(worksheet, xml);
      xml = '';
      worksheet.commit();
    },
  };
}

function widthOf(column: TableColumn): number {
  return Math.max(column.width ?? WIDTHS[column.kind], column.header.length + 3);
}
