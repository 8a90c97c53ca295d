export { type ListSheet, openReportWorkbook, type ReportWorkbook } from './report-workbook';
