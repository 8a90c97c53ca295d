import { once } from 'node:events';
import type { Style, stream, ValueType, Workbook, Worksheet } from 'exceljs';

/**
 * The five places where the workbook reaches past exceljs's documented streaming interface (exceljs
 * 4.4, `lib/stream/xlsx/workbook-writer.js` and `worksheet-writer.js`). Each is checked, so that a
 * version of exceljs that moved them fails loudly in the tests rather than writing a broken workbook.
 */

/**
 * Loads exceljs's streaming workbook writer alone, not the whole package: the package's entry loads its
 * reader and its document model too, which took 0.29 s where the writer takes 0.12, paid by every report
 * just before its workbook is written.
 */
export async function loadWorkbookWriter(): Promise<typeof stream.xlsx.WorkbookWriter> {
  const { default: WorkbookWriter } = await import('exceljs/lib/stream/xlsx/workbook-writer.js');
  if (typeof WorkbookWriter !== 'function') {
    throw new Error('exceljs has no streaming workbook writer in its own file: check the exceljs version');
  }
  return WorkbookWriter;
}

/** A worksheet's XML stream as exceljs's streaming writer keeps it. */
interface SheetStream {
  write(text: string): unknown;
  /** The zip's input for this sheet (a PassThrough of readable-stream 3). */
  pipes?: { _writableState?: { length: number }; once(event: string, listener: () => void): unknown }[];
}

interface StreamingWorkbook {
  styles?: { addStyleModel?(style: Partial<Style>, valueType: ValueType): number };
  /** The worksheets by id (from 1), in the order the workbook lists them when it is committed. */
  _worksheets?: (Worksheet | undefined)[];
}

/**
 * Makes `sheet` the workbook's first sheet though it was added last: the streaming writer puts a sheet
 * into the file as soon as it is added, so a sheet written last must be added last, and the workbook
 * lists its sheets (and gives their relationships) in the order of its own list when it is committed.
 */
export function listSheetFirst(workbook: Workbook, sheet: Worksheet): void {
  const streaming = workbook as unknown as StreamingWorkbook;
  const sheets = streaming._worksheets;
  if (!Array.isArray(sheets) || !sheets.includes(sheet)) {
    throw new Error('exceljs has no list of worksheets on its streaming workbook: check the exceljs version');
  }
  streaming._worksheets = [sheet, ...sheets.filter((other) => other !== undefined && other !== sheet)];
}

/**
 * The style id (`s="…"`) a cell of this style and type gets: the streaming writer's style registry, which
 * exceljs itself calls for every cell it writes; the same style object gets the same id.
 */
export function registerStyle(workbook: Workbook, style: Partial<Style>, valueType: ValueType): number {
  const styles = (workbook as unknown as StreamingWorkbook).styles;
  if (typeof styles?.addStyleModel !== 'function') {
    throw new Error('exceljs has no style registry on its streaming workbook: check the exceljs version');
  }
  return styles.addStyleModel(style, valueType);
}

/**
 * Appends XML to a worksheet between its header row and its end: the stream exceljs writes the sheet's
 * own rows to. The header row must have been committed (it opens `<sheetData>`), and the sheet not yet.
 */
export function writeSheetXml(worksheet: Worksheet, xml: string): void {
  const stream = (worksheet as unknown as { stream?: SheetStream }).stream;
  if (typeof stream?.write !== 'function') {
    throw new Error('exceljs has no stream on its streaming worksheet: check the exceljs version');
  }
  stream.write(xml);
}

/**
 * Resolves once the zip has taken in most of what was written to the sheet; `undefined` when it need not
 * wait. exceljs hands each sheet's XML to the zip without waiting for it to be compressed, so a sheet
 * written faster than it is compressed would otherwise pile up in memory whole.
 */
export function zipBacklog(worksheet: Worksheet, maxBytes: number): Promise<void> | undefined {
  const input = (worksheet as unknown as { stream?: SheetStream }).stream?.pipes?.[0];
  const waiting = input?._writableState?.length;
  if (input === undefined || waiting === undefined || waiting <= maxBytes) return undefined;
  return once(input as unknown as NodeJS.EventEmitter, 'drain').then(() => undefined);
}
