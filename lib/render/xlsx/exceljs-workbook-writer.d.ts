// exceljs 4.4 types only its entry; its streaming writer loaded alone (`loadWorkbookWriter`) needs this.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type { stream } from 'exceljs';

  const WorkbookWriter: typeof stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
