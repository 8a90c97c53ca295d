// exceljs's streaming workbook writer as a module of its own (see `loadWorkbookWriter`): exceljs 4.4
// ships no types for its files, only for the package as a whole.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type { stream } from 'exceljs';

  const WorkbookWriter: typeof stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
