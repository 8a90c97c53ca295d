export type { ListSheet } from './list-sheet';
export { openReportWorkbook, type ReportWorkbook } from './report-workbook';
