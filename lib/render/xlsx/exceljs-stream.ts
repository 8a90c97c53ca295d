import { once } from 'node:events';
import type { Style, stream, ValueType, Workbook, Worksheet } from 'exceljs';

// The places where the workbook reaches past exceljs's documented streaming interface (exceljs 4.4,
// `lib/stream/xlsx/workbook-writer.js` and `worksheet-writer.js`): each is checked, so that a version
// that moved them fails loudly in the tests rather than writing a broken workbook.

interface SheetStream {
  write(text: string): unknown;
  /** The zip's input for this sheet (a PassThrough of readable-stream 3). */
  pipes?: { _writableState?: { length: number }; once(event: string, listener: () => void): unknown }[];
}

interface StreamingWorkbook {
  styles?: { addStyleModel?(style: Partial<Style>, valueType: ValueType): number };
  /** The worksheets by id (from 1), in the order the committed workbook lists them. */
  _worksheets?: (Worksheet | undefined)[];
}

const versionError = (what: string) => new Error(`exceljs has no ${what}: check the exceljs version`);

// Measured (npm run bench -- --machinery): 174 to 185 ms to load against 340 to 504 for the package's entry, medians of 5 fresh loads.
/** Loads exceljs's streaming workbook writer alone: the package's entry loads its reader and model too. */
export async function loadWorkbookWriter(): Promise<typeof stream.xlsx.WorkbookWriter> {
  const { default: WorkbookWriter } = await import('exceljs/lib/stream/xlsx/workbook-writer.js');
  if (typeof WorkbookWriter !== 'function') throw versionError('streaming workbook writer in its own file');
  return WorkbookWriter;
}

/** Lists `sheet` first though it was added last (the streaming writer writes a sheet as it is added). */
export function listSheetFirst(workbook: Workbook, sheet: Worksheet): void {
  const streaming = workbook as unknown as StreamingWorkbook;
  const sheets = streaming._worksheets;
  if (!Array.isArray(sheets) || !sheets.includes(sheet)) {
    throw versionError('list of worksheets on its streaming workbook');
  }
  streaming._worksheets = [sheet, ...sheets.filter((other) => other !== undefined && other !== sheet)];
}

/** The style id (`s="…"`) of a style and type, from the registry exceljs calls for every cell it writes. */
export function registerStyle(workbook: Workbook, style: Partial<Style>, valueType: ValueType): number {
  const styles = (workbook as unknown as StreamingWorkbook).styles;
  if (typeof styles?.addStyleModel !== 'function')
    throw versionError('style registry on its streaming workbook');
  return styles.addStyleModel(style, valueType);
}

/** Appends rows' XML to a worksheet whose header row is committed (it opens `<sheetData>`) and itself not. */
export function writeSheetXml(worksheet: Worksheet, xml: string): void {
  const stream = (worksheet as unknown as { stream?: SheetStream }).stream;
  if (typeof stream?.write !== 'function') throw versionError('stream on its streaming worksheet');
  stream.write(xml);
}

// Measured (npm run bench -- --machinery): writing 50,000 rows holds 14 to 125 MiB less of heap and buffers than without the wait, as the zip keeps up less or more.
/** Resolves once the zip has taken in most of the sheet's XML (exceljs does not wait); `undefined` if it need not wait. */
export function zipBacklog(worksheet: Worksheet, maxBytes: number): Promise<void> | undefined {
  const input = (worksheet as unknown as { stream?: SheetStream }).stream?.pipes?.[0];
  const waiting = input?._writableState?.length;
  if (input === undefined || waiting === undefined || waiting <= maxBytes) return undefined;
  return once(input as unknown as NodeJS.EventEmitter, 'drain').then(() => undefined);
}
